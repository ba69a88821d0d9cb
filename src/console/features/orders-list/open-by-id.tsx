import { Button, Group, TextInput } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { orderHref } from './order-row.tsx';

const orderIdSchema = z
  .string()
  .trim()
  .min(1, { error: 'Paste an order id first' })
  .pipe(z.uuid({ error: 'That is not an order id: expected a UUID like 3fa85f64-5717-4562-b3fc-2c963f66afa6' }));

/** Jump straight to an order whose id someone sent you (a ticket, a log line). */
export function OpenById() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = orderIdSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter an order id');
      return;
    }
    void navigate(orderHref(parsed.data.toLowerCase()));
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Open an order by id">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label="Order id"
          name="order_id"
          placeholder="3fa85f64-5717-4562-b3fc-2c963f66afa6"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          autoComplete="off"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          style={{ flex: 1 }}
          maw={440}
        />
        <Button type="submit" mt={25} variant="light" rightSection={<IconArrowRight size={16} />}>
          Open
        </Button>
      </Group>
    </form>
  );
}
