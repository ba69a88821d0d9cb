import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as Mantine from '@mantine/core';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { TextField } from './text-field.tsx';

// Counts the renders of Mantine's TextInput under TextField (typing: a keystroke must not
// re-render it; the element keeps the typed text and the form's own changes are written into it).
const mantineRender = vi.hoisted(() => vi.fn());
vi.mock('@mantine/core', async (importOriginal) => {
  const actual = await importOriginal<typeof Mantine>();
  const Counted = (props: Parameters<typeof actual.TextInput>[0]) => {
    mantineRender();
    return <actual.TextInput {...props} />;
  };
  return { ...actual, TextInput: Counted };
});

interface Values {
  reference: string;
  amount: string;
}

function Form({ onForm }: { onForm: (methods: UseFormReturn<Values>) => void }) {
  const methods = useForm<Values>({ defaultValues: { reference: 'REF-1', amount: '' }, mode: 'onTouched' });
  useEffect(() => {
    onForm(methods);
  }, [methods, onForm]);
  return (
    <MantineProvider env="test">
      <TextField control={methods.control} name="reference" label="Reference" />
      <TextField control={methods.control} name="amount" label="Amount" decimal />
    </MantineProvider>
  );
}

function renderForm() {
  const user = userEvent.setup();
  let form: UseFormReturn<Values> | null = null;
  render(<Form onForm={(methods) => (form = methods)} />);
  const methods = form as UseFormReturn<Values> | null;
  if (methods === null) throw new Error('the form did not render');
  return { user, methods, reference: screen.getByLabelText('Reference'), amount: screen.getByLabelText('Amount') };
}

beforeEach(() => {
  mantineRender.mockClear();
});

describe('TextField', () => {
  test("typing does not re-render Mantine's input, and the form has every character", async () => {
    const { user, methods, reference } = renderForm();
    await user.click(reference);
    const before = mantineRender.mock.calls.length;

    await user.type(reference, '-ABC');

    expect(reference).toHaveValue('REF-1-ABC');
    expect(methods.getValues('reference')).toBe('REF-1-ABC');
    expect(mantineRender).toHaveBeenCalledTimes(before);
  });

  test('what the form sets shows in the input: a reset, setValue, and a decimal comma made a dot on leaving', async () => {
    const { user, methods, reference, amount } = renderForm();
    await user.type(reference, 'X');
    expect(reference).toHaveValue('REF-1X');

    act(() => methods.reset({ reference: 'SAMPLE-9', amount: '10.00' }));
    expect(reference).toHaveValue('SAMPLE-9');
    expect(amount).toHaveValue('10.00');

    act(() => methods.setValue('reference', 'SET-2'));
    expect(reference).toHaveValue('SET-2');

    await user.clear(amount);
    await user.type(amount, '12,5');
    await user.tab();
    expect(amount).toHaveValue('12.5');
    expect(methods.getValues('amount')).toBe('12.5');

    // Typing again after the form set the text goes on from what the input shows.
    await user.type(reference, '7');
    expect(reference).toHaveValue('SET-27');
    expect(methods.getValues('reference')).toBe('SET-27');
  });

  test('another field changing leaves this one as typed', async () => {
    const { user, methods, reference, amount } = renderForm();
    await user.type(reference, '-typed');
    await user.type(amount, '3');
    act(() => methods.setValue('amount', '4.00'));
    expect(amount).toHaveValue('4.00');
    expect(reference).toHaveValue('REF-1-typed');
  });
});
