import { act, render } from '@testing-library/react';
import { expect, test } from 'vitest';
import { environmentStore } from './environments.ts';
import { useActiveEnvironment } from './use-environment.ts';

// Every component that reads the environments (the whole shell among them) renders again
// when the store hands out a new snapshot. On the first screen it did so twice for nothing.

function renderCounted() {
  const renders: string[] = [];
  function Reader() {
    renders.push(useActiveEnvironment().name);
    return null;
  }
  render(<Reader />);
  return renders;
}

test('reading the store again without a change keeps the snapshot, and nothing renders again', () => {
  const renders = renderCounted();
  const before = environmentStore.getSnapshot();
  act(() => environmentStore.reload());
  expect(environmentStore.getSnapshot()).toBe(before);
  expect(renders).toEqual(['Local sandbox']);
});

test('a browser with the built-in environment only has the pre-render’s snapshot: hydration renders nothing again', () => {
  environmentStore.reload();
  expect(environmentStore.getSnapshot()).toBe(environmentStore.getServerSnapshot());
});

test('a change is a new snapshot, and its readers render it', () => {
  const renders = renderCounted();
  act(() => environmentStore.save({ id: 'env-2', name: 'Staging', baseUrl: 'https://staging.example.com', production: false, sandbox: false, rememberToken: false }));
  act(() => environmentStore.activate('env-2'));
  expect(environmentStore.getSnapshot()).not.toBe(environmentStore.getServerSnapshot());
  expect(renders.at(-1)).toBe('Staging');
});
