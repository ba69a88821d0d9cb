/** The JSON path under each label is code, so it reads as code (D10: it is also the input's name). */
export const JSON_PATH_DESCRIPTION = { ff: 'monospace' } as const;

/** Inputs whose text is an identifier or amount: no spell checking, no autofill guesses. */
export const CODE_INPUT = { autoComplete: 'off', spellCheck: false } as const;
