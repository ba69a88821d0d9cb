import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { cssVariablesResolver, theme } from './theme.ts';

// The app's MantineProvider writes no CSS at run time (providers.tsx: withCssVariables and
// withGlobalClasses off): the theme's variables for both colour schemes and the classes of
// hiddenFrom/visibleFrom ship in theme-variables.css instead, loaded with the shell's styles. This
// test renders the provider as it was and requires the file to hold exactly what it wrote, so a theme
// change cannot leave the shipped CSS behind. After changing theme.ts, rewrite the file with
// `npx vitest run src/console/app/theme-css.test.tsx -u` and commit it.

const HEADER = '/* Generated from theme.ts by theme-css.test.tsx (what MantineProvider would write into the page). Do not edit. */\n';

/** The `<style>` elements MantineProvider renders for the console's theme, in their order. */
function providerCss(): string {
  const markup = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} deduplicateCssVariables={false}>
      {null}
    </MantineProvider>,
  );
  const styles = [...markup.matchAll(/<style data-mantine-styles="(true|classes)"[^>]*>([\s\S]*?)<\/style>/g)];
  expect(styles.map((match) => match[1])).toEqual(['true', 'classes']);
  return styles.map((match) => `${match[2] ?? ''}\n`).join('\n');
}

describe('theme-variables.css', () => {
  test("is what MantineProvider writes for the theme: every variable of both colour schemes, and the responsive classes", async () => {
    const css = providerCss();
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-indigo-filled)');
    expect(css).toContain(':root[data-mantine-color-scheme="dark"]');
    expect(css).toContain('--mantine-color-dimmed: #5c636a');
    expect(css).toContain('.mantine-hidden-from-sm');
    await expect(HEADER + css).toMatchFileSnapshot('./theme-variables.css');
  });
});
