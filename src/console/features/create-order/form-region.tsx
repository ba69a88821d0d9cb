import type { KeyboardEvent, ReactNode } from 'react';

interface Props {
  /** The form's accessible name. */
  label: string;
  /** Called for Enter in a text-like input, as a browser submits a form implicitly. */
  onSubmit: () => void;
  children: ReactNode;
}

// The input types for which Chromium submits a form on Enter (implicit submission).
const IMPLICIT_SUBMIT = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'number', 'date', 'month', 'week', 'time', 'datetime-local']);

/**
 * The create form's landmark: role "form", named, around every input, with Enter in a text-like
 * input submitting as in a <form>. Not a <form> element, because of what one costs with 1,500
 * inputs: for every event it handles React reads its own properties off each element between the
 * target and the root, and a <form> answers property reads through its named-control getter
 * (HTMLFormElement overrides built-ins), which Chromium rebuilds over the whole form after any DOM
 * change inside it. A keystroke inserts text, so every keystroke paid that rebuild over 1,500
 * inputs (docs/performance.md, "Typing"). The submit button calls onSubmit
 * itself (ActionBar); nothing here relies on native form submission, validation or reset.
 */
export function FormRegion({ label, onSubmit, children }: Props) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    const target = event.target;
    if (!(target instanceof HTMLInputElement) || !IMPLICIT_SUBMIT.has(target.type)) return;
    event.preventDefault();
    onSubmit();
  };
  return (
    <div role="form" aria-label={label} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
