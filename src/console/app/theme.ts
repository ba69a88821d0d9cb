import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver } from '@mantine/core';

const closeButtonProps = { 'aria-label': 'Close' };

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  components: {
    // Every action needs an accessible name (D10), the dialogs' "x" included. Plain objects rather
    // than Modal.extend(), so the first screen's bundle does not carry the dialog components.
    Modal: { defaultProps: { closeButtonProps } },
    Drawer: { defaultProps: { closeButtonProps } },
  },
});

/**
 * Mantine's dimmed grey (#868e96 on white, 3.3:1) is below WCAG AA for the descriptions and hints
 * this console relies on; these reach 6:1 in light and dark.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: { '--mantine-color-dimmed': '#a6a7ab' },
});
