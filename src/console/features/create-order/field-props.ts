/** The JSON path under each label is code, so it reads as code (D10: it is also the input's name). */
export const JSON_PATH_DESCRIPTION = { ff: 'monospace' } as const;

/** Inputs whose text is an identifier or amount: no spell checking, no autofill guesses. */
export const CODE_INPUT = { autoComplete: 'off', spellCheck: false } as const;

/**
 * Item and transaction rows: the browser skips style, layout and paint of rows scrolled out of view
 * (content-visibility), so a keystroke in a 200-row form does not lay out 1,500 inputs. The rows
 * stay in the DOM: names, focus on errors and Ctrl+F keep working.
 */
export const ROW_STYLES = {
  root: { contentVisibility: 'auto', containIntrinsicSize: 'auto 300px' },
  legend: { fontWeight: 600 },
} as const;

/**
 * Text inputs: size and layout containment make each input a relayout boundary, so the new text of
 * a keystroke is laid out inside the input, not up through the 200-row column around it (a
 * fraction of the layout work per keystroke: docs/performance.md). The input's size comes
 * from Mantine's CSS (width 100%, --input-height), never from its text, so nothing moves.
 * No border-colour transition: an error appearing or going while typing would otherwise animate,
 * and each of that animation's frames (and its transitionrun/transitionend events) lands on the
 * next keystrokes.
 */
export const TEXT_INPUT_STYLES = { input: { contain: 'size layout', transition: 'none' } } as const;

/** Amounts in a monospace face so digits line up; on the input only (`ff` would change the label too). */
export const AMOUNT_INPUT_STYLES = { input: { ...TEXT_INPUT_STYLES.input, fontFamily: 'var(--mantine-font-family-monospace)' } } as const;

/**
 * A figure that changes while the user types (a line total, the items total): a fixed box, so its
 * new text is laid out inside it instead of up through the rows around it. 20 monospace digits
 * fit (an 8-digit price times a 9-digit quantity); a longer one spills out of the box, visibly.
 */
export const FIGURE_STYLE = {
  display: 'inline-block',
  contain: 'size layout',
  width: '20ch',
  height: '1lh',
  verticalAlign: 'top',
  whiteSpace: 'nowrap',
} as const;
