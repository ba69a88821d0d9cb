import { Button, CloseButton, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ORDER_STATUSES, orderStatusSchema } from '../../../contract/schemas.ts';
import type { OrderStatus } from '../../../contract/schemas.ts';

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: s }))];

interface Props {
  status: OrderStatus | null;
  searchText: string;
  onStatusChange: (status: OrderStatus | null) => void;
  onSearchTextChange: (text: string) => void;
  onClear: () => void;
  canClear: boolean;
}

export function FilterBar({ status, searchText, onStatusChange, onSearchTextChange, onClear, canClear }: Props) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <NativeSelect
        label="Status"
        name="status"
        data={STATUS_OPTIONS}
        value={status ?? ''}
        onChange={(event) => {
          const parsed = orderStatusSchema.safeParse(event.currentTarget.value);
          onStatusChange(parsed.success ? parsed.data : null);
        }}
        w={180}
      />
      <TextInput
        label="Search"
        name="q"
        type="search"
        placeholder="Order id or external id"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          searchText !== '' ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onSearchTextChange('')} /> : null
        }
        value={searchText}
        onChange={(event) => onSearchTextChange(event.currentTarget.value)}
        autoComplete="off"
        style={{ flex: '1 1 16rem' }}
        maw={420}
      />
      {canClear && (
        <Button variant="subtle" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
