import { Button, CloseButton, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { isOrderStatus, ORDER_STATUSES } from '../../../contract/order-shape.ts';
import type { OrderStatus } from '../../../contract/schemas.ts';

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: s }))];

/**
 * The height of an input's label line above it, where a button beside the input starts: the label is
 * an inline block in a wrapper of the body's font size, so its line is that size's line height.
 */
const LABEL_OFFSET = 'calc(var(--mantine-font-size-md) * var(--mantine-line-height))';

interface Props {
  status: OrderStatus | null;
  searchText: string;
  /** What Enter (or Open) found, when it did not open an order. */
  notice: string | null;
  onStatusChange: (status: OrderStatus | null) => void;
  onSearchTextChange: (text: string) => void;
  /** Enter or Open: a UUID opens that order, a single match opens it. */
  onOpen: () => void;
  onClear: () => void;
  canClear: boolean;
  /** Team mode (issue 28): the box searches the team order index, which reads more than ids. */
  teamIndex?: boolean;
  /** Team mode: whether this role may search customers' fields (read:customer) here. */
  customerSearch?: boolean;
}

/**
 * The one lookup box of /orders (issue 11): type part of an order id or external id and the list
 * below narrows as you type; Enter opens the order when there is only one, and a whole order id
 * (UUID) opens that order even when no list holds it.
 */
export function LookupBar({ status, searchText, notice, onStatusChange, onSearchTextChange, onOpen, onClear, canClear, teamIndex = false, customerSearch = true }: Props) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onOpen();
  };
  return (
    <form role="search" aria-label="Find an order" onSubmit={onSubmit} noValidate>
      {/* Aligned at the top: the box may grow a line below it (what Enter found); the buttons sit level
          with the inputs, below their labels. */}
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={teamIndex ? 'Search the team’s orders' : 'Order id or external id'}
          name="q"
          type="search"
          enterKeyHint="go"
          placeholder={
            !teamIndex ? 'Paste an id, or type part of one' : customerSearch ? 'E-mail, name, phone, external id; or email:, ext:, amount:>100, created:…' : 'External id; or ext:, status:, amount:>100, created:…'
          }
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={searchText !== '' ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onSearchTextChange('')} /> : null}
          value={searchText}
          onChange={(event) => onSearchTextChange(event.currentTarget.value)}
          // What Enter found, under the box (its accessible description), announced as it changes.
          description={notice}
          descriptionProps={{ 'aria-live': 'polite' }}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="off"
          spellCheck={false}
          style={{ flex: '1 1 18rem' }}
          maw={480}
        />
        <Button type="submit" variant="light" rightSection={<IconArrowRight size={16} />} mt={LABEL_OFFSET}>
          Open
        </Button>
        <NativeSelect
          label="Status"
          name="status"
          data={STATUS_OPTIONS}
          value={status ?? ''}
          onChange={(event) => {
            const { value } = event.currentTarget;
            onStatusChange(isOrderStatus(value) ? value : null);
          }}
          w={180}
        />
        {canClear && (
          <Button variant="subtle" onClick={onClear} mt={LABEL_OFFSET}>
            Clear filters
          </Button>
        )}
      </Group>
    </form>
  );
}
