import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import { describe, expect, test, vi } from 'vitest';
import type { OrderCreateRequest } from '../../../contract/schemas.ts';
import type { CreateOrderFormValues } from './form-values.ts';
import { emptyFormValues, emptyItem } from './form-values.ts';
import { useRowErrors } from './row-fields.tsx';
import type { FormValuesSource } from './use-watch-after-paint.ts';

// Typing in a long form: the rows' error messages come through one subscription to the form, however
// many rows there are (react-hook-form hands every subscriber every change), and each row still
// shows its own messages.

type Form = UseFormReturn<CreateOrderFormValues, unknown, OrderCreateRequest>;
const FIELDS = ['name', 'amount'] as const;

function Row({ source, index }: { source: FormValuesSource; index: number }) {
  const errors = useRowErrors(source, `items.${index}`, FIELDS);
  return (
    <p data-testid={`row-${index}`}>
      {errors.name ?? '-'} / {errors.amount ?? '-'}
    </p>
  );
}

/** The form's subscribe, counted: the same function for the form's life, as react-hook-form's own is. */
const unsubscribed = vi.fn();
const subscribe = vi.fn<Form['subscribe']>();

function Rows({ rows, onForm }: { rows: number; onForm: (form: Form) => void }) {
  const form = useForm<CreateOrderFormValues, unknown, OrderCreateRequest>({ defaultValues: { ...emptyFormValues(), items: Array.from({ length: 250 }, emptyItem) } });
  subscribe.mockImplementation((payload) => {
    const stop = form.subscribe(payload);
    return () => {
      unsubscribed();
      stop();
    };
  });
  const source: FormValuesSource = { subscribe, getValues: form.getValues, getFieldState: form.getFieldState };
  useEffect(() => {
    onForm(form);
  });
  return (
    <>
      {Array.from({ length: rows }, (_, index) => (
        <Row key={index} source={source} index={index} />
      ))}
    </>
  );
}

function renderRows(rows: number) {
  let form: Form | null = null;
  const onForm = (f: Form) => (form = f);
  const view = render(<Rows rows={rows} onForm={onForm} />);
  const current = form as Form | null;
  if (current === null) throw new Error('the form did not render');
  return { form: current, rerender: (n: number) => view.rerender(<Rows rows={n} onForm={onForm} />) };
}

// A changed message shows after the next frame (useShownAfterPaint).
const shown = (index: number, text: string) => waitFor(() => expect(screen.getByTestId(`row-${index}`)).toHaveTextContent(text));

describe('useRowErrors', () => {
  test('250 rows subscribe to the form once, and the subscription goes with the last row', () => {
    subscribe.mockClear();
    unsubscribed.mockClear();
    const { rerender } = renderRows(0);
    rerender(250);
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(subscribe.mock.calls[0]?.[0]).toMatchObject({ formState: { errors: true } });
    rerender(0);
    expect(unsubscribed).toHaveBeenCalledTimes(1);
  });

  test('each row shows its own messages as the form sets and clears them', async () => {
    const { form } = renderRows(12);
    act(() => form.setError('items.1.amount', { type: 'manual', message: 'Too many digits' }));
    await shown(1, '- / Too many digits');
    // items.11 starts with "items.1": it hears the change and still shows nothing.
    await shown(11, '- / -');
    act(() => form.setError('items.11.name', { type: 'manual', message: 'Required' }));
    await shown(11, 'Required / -');
    await shown(1, '- / Too many digits');
    act(() => form.clearErrors());
    await shown(1, '- / -');
    await shown(11, '- / -');
  });
});
