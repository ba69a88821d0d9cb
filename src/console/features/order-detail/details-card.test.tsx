import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { markFirstContentShown, resetFirstContentForTests } from '../../app/first-content.ts';
import { cssVariablesResolver, theme } from '../../app/theme.ts';
import { DetailsCard } from './details-card.tsx';
import { formatDateTime } from './order-format.ts';
import { orderBody } from './test-support.ts';

// The order's date in the user's locale is written once the page's first content is painted
// (its first Intl object cost a cold order page 37 ms ahead of the heading), except in a page the
// server rendered, which comes with its date and keeps it through hydration.

const record = orderBody();
const local = formatDateTime(record.date_settled) ?? '';
const card = (
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
    <MemoryRouter>
      <DetailsCard record={record} />
    </MemoryRouter>
  </MantineProvider>
);

afterEach(() => {
  vi.restoreAllMocks();
  resetFirstContentForTests();
});

test('rendered by the browser: the date comes once the first content is painted, in the place kept for it; after that at once', async () => {
  resetFirstContentForTests();
  const first = render(card);
  const kept = first.container.querySelector(`time[datetime="${record.date_settled}"]`);
  expect(kept).not.toBeNull();
  expect(kept).toHaveStyle({ visibility: 'hidden' });
  expect(screen.queryByText(local)).toBeNull();

  act(() => markFirstContentShown());
  expect(await screen.findByText(local)).toHaveAttribute('title', record.date_settled);
  first.unmount();

  // Another order opened in the same tab: its date is written in its first render.
  render(card);
  expect(screen.getByText(local)).toHaveAttribute('datetime', record.date_settled);
});

test('rendered by the server: the page has its date, and hydration keeps it without a mismatch', () => {
  resetFirstContentForTests();
  const html = renderToString(card);
  expect(html).toContain(`>${local}</time>`);

  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const errors: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args.map(String).join(' ')));
  const recoverable: unknown[] = [];
  render(card, { container, hydrate: true, onRecoverableError: (error) => recoverable.push(error) });
  const time = container.querySelector(`time[datetime="${record.date_settled}"]`);
  expect(time?.textContent).toBe(local);
  expect(time).not.toHaveStyle({ visibility: 'hidden' });
  expect(errors).toEqual([]);
  expect(recoverable).toEqual([]);
});
