import { CloseButton, Group, NativeSelect, TextInput } from '@mantine/core';
import type { JournalFilter } from './journal-filter.ts';
import { METHOD_FILTERS, STATUS_FILTERS } from './journal-filter.ts';

const METHOD_OPTIONS = METHOD_FILTERS.map((value) => ({ value, label: value === 'all' ? 'All methods' : value }));
const STATUS_OPTIONS = STATUS_FILTERS.map((value) => ({ value, label: value === 'all' ? 'All statuses' : value }));

const isMethod = (value: string): value is JournalFilter['method'] => (METHOD_FILTERS as readonly string[]).includes(value);
const isStatus = (value: string): value is JournalFilter['status'] => (STATUS_FILTERS as readonly string[]).includes(value);

/** Narrows the journal to the calls about one order, of one method, with one kind of answer. */
export function JournalFilters({ filter, onChange }: { filter: JournalFilter; onChange: (filter: JournalFilter) => void }) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Order id"
        size="xs"
        placeholder="Part of an order id"
        value={filter.orderId}
        onChange={(event) => onChange({ ...filter, orderId: event.currentTarget.value })}
        rightSection={filter.orderId !== '' ? <CloseButton size="xs" aria-label="Clear order id filter" onClick={() => onChange({ ...filter, orderId: '' })} /> : null}
        autoComplete="off"
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        style={{ flex: '1 1 14rem' }}
      />
      <NativeSelect
        label="Method"
        size="xs"
        data={METHOD_OPTIONS}
        value={filter.method}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isMethod(value)) onChange({ ...filter, method: value });
        }}
        w={130}
      />
      <NativeSelect
        label="Answer"
        size="xs"
        data={STATUS_OPTIONS}
        value={filter.status}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isStatus(value)) onChange({ ...filter, status: value });
        }}
        w={130}
      />
    </Group>
  );
}
