import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import type { UseFieldArrayReturn, UseFormReturn } from 'react-hook-form';
import { useFieldArray, useForm } from 'react-hook-form';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { OrderCreateRequest } from '../../../contract/schemas.ts';
import type { CreateOrderFormValues } from './form-values.ts';
import { emptyFormValues, emptyItem } from './form-values.ts';
import { useDraftAutosave } from './use-draft-autosave.ts';
import { onFormChange, useWatchAfterPaint } from './use-watch-after-paint.ts';

// The create form's figures and its draft hear every change of the values they follow, through
// react-hook-form's public subscribe, and nothing else the form announces.

type Form = UseFormReturn<CreateOrderFormValues, unknown, OrderCreateRequest>;
type Items = UseFieldArrayReturn<CreateOrderFormValues, 'items'>;

function ItemsTotal({ form }: { form: Form }) {
  const count = useWatchAfterPaint(form, 'items', (values) => values.items.length);
  return <output aria-label="Rows">{count}</output>;
}

function Harness({ onReady }: { onReady: (form: Form, items: Items) => void }) {
  const form = useForm<CreateOrderFormValues, unknown, OrderCreateRequest>({ defaultValues: emptyFormValues() });
  const items = useFieldArray({ control: form.control, name: 'items' });
  useDraftAutosave(form, 'on-form-change-test');
  useEffect(() => {
    onReady(form, items);
  });
  return (
    <>
      <input aria-label="External id" {...form.register('order_external_id')} />
      {items.fields.map((field, index) => (
        <input key={field.id} aria-label={`Amount ${index}`} {...form.register(`items.${index}.amount`)} />
      ))}
      <ItemsTotal form={form} />
    </>
  );
}

function renderHarness() {
  let ready: { form: Form; items: Items } | null = null;
  render(<Harness onReady={(form, items) => (ready = { form, items })} />);
  const current = ready as { form: Form; items: Items } | null;
  if (current === null) throw new Error('the form did not render');
  return current;
}

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

afterEach(() => window.sessionStorage.clear());

describe('onFormChange', () => {
  test('hears keystrokes, setValue, reset and rows added or removed, by name; not touched, errors or submits', async () => {
    const { form, items } = renderHarness();
    const anything = vi.fn();
    const inItems = vi.fn();
    const stopAnything = onFormChange(form.subscribe, undefined, anything);
    const stopItems = onFormChange(form.subscribe, 'items', inItems);

    act(() => items.append(emptyItem()));
    expect(inItems).toHaveBeenCalled();
    expect(anything).toHaveBeenCalled();

    anything.mockClear();
    inItems.mockClear();
    type('External id', 'ORD-1');
    expect(anything).toHaveBeenCalled();
    expect(inItems).not.toHaveBeenCalled();

    type('Amount 0', '12.50');
    expect(inItems).toHaveBeenCalled();

    for (const change of [() => form.setValue('items.0.quantity', '2'), () => form.reset(emptyFormValues()), () => items.remove(0)]) {
      inItems.mockClear();
      act(change);
      expect(inItems).toHaveBeenCalled();
    }

    anything.mockClear();
    fireEvent.blur(screen.getByLabelText('External id'));
    await act(() => form.trigger());
    await act(() => form.handleSubmit(() => undefined)());
    expect(anything).not.toHaveBeenCalled();

    stopAnything();
    stopItems();
    type('External id', 'ORD-2');
    expect(anything).not.toHaveBeenCalled();
  });
});
