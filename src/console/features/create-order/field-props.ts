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

/** Amounts in a monospace face so digits line up; on the input only (`ff` would change the label too). */
export const AMOUNT_INPUT_STYLES = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } as const;
