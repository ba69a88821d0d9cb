import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver } from '@mantine/core';

const closeButtonProps = { 'aria-label': 'Close' };

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 6 (Mantine's default) puts white text on indigo at 4.3:1 and on red at 3.3:1. Shade 8 with
  // automatic text contrast keeps every filled button and badge at WCAG AA (4.5:1) or better.
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.2,
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  components: {
    // Every action needs an accessible name (D10), the dialogs' "x" included. Plain objects rather
    // than Modal.extend(), so the first screen's bundle does not carry the dialog components.
    Modal: { defaultProps: { closeButtonProps } },
    Drawer: { defaultProps: { closeButtonProps } },
    // The selected option of a segmented control must stand out: Mantine's white-on-grey
    // (light) and dark-5-on-dark-8 (dark) measured 1.1:1 and 1.5:1. The colours are the scheme's
    // --console-selected-* below, at least 3:1 against the track and the unselected options.
    SegmentedControl: {
      styles: { root: { '--sc-color': 'var(--console-selected-bg)', '--sc-label-color': 'var(--console-selected-text)' } },
    },
    // Mantine paints an invalid input's placeholder in the error colour, where it reads as a value
    // that is wrong. The placeholder keeps its own colour; the border and message say it.
    Input: { styles: { input: { '--input-placeholder-color': 'var(--mantine-color-placeholder)' } } },
  },
});

/**
 * Text of the "light" variant (tinted badges, alert titles) in the light scheme: each palette's shade 9,
 * darkened until it reaches 4.7:1 on the palette's shade 1 (Mantine's own shade 6-9 text on those tints
 * measured 2.7-4.3:1 for yellow, green and teal).
 */
const LIGHT_VARIANT_TEXT: Record<string, string> = Object.fromEntries(
  Object.entries({
    gray: '#212529',
    red: '#bf2828',
    pink: '#a61e4d',
    grape: '#862e9c',
    violet: '#5f3dc4',
    indigo: '#364fc7',
    blue: '#1864ab',
    cyan: '#0b7285',
    teal: '#077252',
    green: '#257535',
    lime: '#4a760a',
    yellow: '#a15300',
    orange: '#b83d0d',
  }).map(([color, text]) => [`--mantine-color-${color}-light-color`, text]),
);

/**
 * The console's own colours per scheme, with their contrast on what they sit on:
 * - focus ring on inputs: indigo 8 on white 5.7:1; indigo 4 on the dark body (#242424) 5.2:1, on a dark input 4.6:1;
 * - a segmented control's selected option: indigo 8 (white text 5.7:1) on the grey 1 track 5.1:1;
 *   indigo 3 (near-black text 8:1) on the dark 8 track 7.2:1.
 */
export const SCHEME_COLORS = {
  light: { '--console-focus-ring': '#3b5bdb', '--console-selected-bg': '#3b5bdb', '--console-selected-text': '#ffffff' },
  dark: { '--console-focus-ring': '#748ffc', '--console-selected-bg': '#91a7ff', '--console-selected-text': '#141414' },
} as const;

/**
 * Mantine's dimmed grey (#868e96 on white, 3.3:1) and error red (3.3:1) are below WCAG AA for the
 * descriptions, hints and field errors this console relies on; these reach 4.9:1 or better.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': '#c92a2a', ...LIGHT_VARIANT_TEXT, ...SCHEME_COLORS.light },
  dark: { '--mantine-color-dimmed': '#a6a7ab', '--mantine-color-error': '#ff6b6b', ...SCHEME_COLORS.dark },
});
