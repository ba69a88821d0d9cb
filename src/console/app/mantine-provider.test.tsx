import { MantineProvider, useMantineColorScheme, useMantineContext, useMantineTheme } from '@mantine/core';
import type { MantineThemeOverride } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { ConsoleMantineProvider } from './mantine-provider.tsx';
import { theme } from './theme.ts';

// The console's provider stands for Mantine's MantineProvider with withCssVariables and
// withGlobalClasses off (mantine-provider.tsx). Its components read the same context and theme from
// either, so a Mantine upgrade that changes what the provider gives them fails here.

type Provider = (props: { theme: MantineThemeOverride; children: ReactNode }) => ReactNode;
const mantine: Provider = ({ theme: t, children }) => (
  <MantineProvider theme={t} defaultColorScheme="auto" withCssVariables={false} withGlobalClasses={false}>
    {children}
  </MantineProvider>
);
const consoles: Provider = ({ theme: t, children }) => (
  <ConsoleMantineProvider theme={t} defaultColorScheme="auto">
    {children}
  </ConsoleMantineProvider>
);

/** What the provider's context holds: values as they are, functions as "function", unset entries left out. */
function contextOf(Provider: Provider): { context: Record<string, unknown>; theme: unknown } {
  const seen: { value: { context: Record<string, unknown>; theme: unknown } | null } = { value: null };
  function Read() {
    const context = useMantineContext();
    seen.value = {
      context: Object.fromEntries(
        Object.entries(context)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => [key, typeof value === 'function' ? 'function' : value]),
      ),
      theme: useMantineTheme(),
    };
    return null;
  }
  const { unmount } = render(<Provider theme={theme}>{<Read />}</Provider>);
  unmount();
  if (seen.value === null) throw new Error('nothing read');
  return seen.value;
}

describe("the console's Mantine provider", () => {
  test('gives components the context and the theme Mantine’s provider gives them', () => {
    const ours = contextOf(consoles);
    expect(ours).toEqual(contextOf(mantine));
    expect(ours.context['colorScheme']).toBe('auto');
  });

  test('marks <html> when the theme respects reduced motion, as Mantine’s does', () => {
    render(consoles({ theme: { ...theme, respectReducedMotion: true }, children: null }));
    expect(document.documentElement).toHaveAttribute('data-respect-reduced-motion', 'true');
    document.documentElement.removeAttribute('data-respect-reduced-motion');
  });

  test('writes nothing into the page (theme-variables.css holds the variables and the classes)', () => {
    expect(renderToStaticMarkup(consoles({ theme, children: <p>page</p> }))).toBe('<p>page</p>');
  });

  test('switches the colour scheme on <html> and remembers it, as Mantine’s does', () => {
    function Switch() {
      const { colorScheme, setColorScheme } = useMantineColorScheme();
      return (
        <button type="button" onClick={() => setColorScheme(colorScheme === 'dark' ? 'light' : 'dark')}>
          {colorScheme}
        </button>
      );
    }
    render(consoles({ theme, children: <Switch /> }));
    act(() => screen.getByRole('button').click());
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(window.localStorage.getItem('mantine-color-scheme-value')).toBe('dark');
    act(() => screen.getByRole('button').click());
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});
