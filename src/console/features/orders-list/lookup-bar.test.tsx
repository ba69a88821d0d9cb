import { Button, CloseButton, Group, MantineProvider, NativeSelect, TextInput } from '@mantine/core';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { isOrderStatus, ORDER_STATUSES } from '../../../contract/order-shape.ts';
import { cssVariablesResolver, theme } from '../../app/theme.ts';
import { canonicalMarkup } from '../../test/same-markup.ts';
import { renderRoute } from '../../test/render.tsx';
import type { LookupBarProps } from './lookup-bar.tsx';
import { LABEL_OFFSET, LookupBar } from './lookup-bar.tsx';

// lookup-bar.tsx writes Mantine's markup by hand. The reference below is the same bar
// built from Mantine's components, as it was: any difference in what they render (a class, a CSS
// variable, an attribute, an id reference) fails here, in every state the bar has.

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: s }))];

function MantineLookupBar({ status, searchText, notice, onStatusChange, onSearchTextChange, onOpen, onClear, canClear, teamIndex = false, customerSearch = true }: LookupBarProps) {
  return (
    <form
      role="search"
      aria-label="Find an order"
      onSubmit={(event) => {
        event.preventDefault();
        onOpen();
      }}
      noValidate
    >
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

const noop = () => undefined;
const BASE: LookupBarProps = { status: null, searchText: '', notice: null, onStatusChange: noop, onSearchTextChange: noop, onOpen: noop, onClear: noop, canClear: false };

const inProvider = (node: ReactNode) => (
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
    {node}
  </MantineProvider>
);

describe('the lookup bar renders what Mantine’s components render', () => {
  const states: Array<[string, Partial<LookupBarProps>]> = [
    ['empty', {}],
    ['with text (the clear button)', { searchText: 'abc' }],
    ['with what Enter found', { searchText: 'abc', notice: 'No order matches abc.' }],
    ['a status chosen, filters to clear', { status: 'accepted', canClear: true }],
    ['team mode', { teamIndex: true }],
    ['team mode without customer search', { teamIndex: true, customerSearch: false, searchText: 'x', notice: 'Nothing found.' }],
  ];
  test.each(states)('%s', (_name, props) => {
    const all = { ...BASE, ...props };
    expect(canonicalMarkup(inProvider(<LookupBar {...all} />))).toBe(canonicalMarkup(inProvider(<MantineLookupBar {...all} />)));
  });
});

test('typing, clearing, choosing a status and Enter reach the page', async () => {
  const user = userEvent.setup();
  const onSearchTextChange = vi.fn();
  const onStatusChange = vi.fn();
  const onOpen = vi.fn();
  const onClear = vi.fn();
  renderRoute(<LookupBar {...BASE} searchText="ab" canClear onSearchTextChange={onSearchTextChange} onStatusChange={onStatusChange} onOpen={onOpen} onClear={onClear} />);

  await user.type(screen.getByRole('searchbox', { name: 'Order id or external id' }), 'c');
  expect(onSearchTextChange).toHaveBeenLastCalledWith('abc');
  await user.click(screen.getByRole('button', { name: 'Clear search' }));
  expect(onSearchTextChange).toHaveBeenLastCalledWith('');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'refunded');
  expect(onStatusChange).toHaveBeenLastCalledWith('refunded');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
  expect(onStatusChange).toHaveBeenLastCalledWith(null);
  await user.type(screen.getByRole('searchbox', { name: 'Order id or external id' }), '{Enter}');
  expect(onOpen).toHaveBeenCalledTimes(1);
  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(onClear).toHaveBeenCalledTimes(1);
});
