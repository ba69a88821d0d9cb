import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useId } from 'react';
import { isOrderStatus, ORDER_STATUSES } from '../../../contract/order-shape.ts';
import type { OrderStatus } from '../../../contract/schemas.ts';

// The lookup bar shows with /orders's first screen, so it is written as
// the HTML Mantine's TextInput, Button and NativeSelect render (their classes, CSS variables and
// attributes; Mantine's stylesheets style it), without their components: about a hundred fibers
// and their style resolution fewer before the list's rows. lookup-bar.test.tsx renders it beside
// those components and fails on any difference in the markup, so a Mantine or theme upgrade that
// changes theirs shows up there.

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: s }))];

/**
 * The height of an input's label line above it, where a button beside the input starts: the label is
 * an inline block in a wrapper of the body's font size, so its line is that size's line height.
 */
export const LABEL_OFFSET = 'calc(var(--mantine-font-size-md) * var(--mantine-line-height))';

export interface LookupBarProps {
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
  /** Team mode: the box searches the team order index, which reads more than ids. */
  teamIndex?: boolean;
  /** Team mode: whether this role may search customers' fields (read:customer) here. */
  customerSearch?: boolean;
}

const BUTTON = 'mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root';
const LIGHT_BUTTON = {
  '--button-bg': 'var(--mantine-color-indigo-light)',
  '--button-hover': 'var(--mantine-color-indigo-light-hover)',
  '--button-color': 'var(--mantine-color-indigo-light-color)',
  '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
};
const SUBTLE_BUTTON = { ...LIGHT_BUTTON, '--button-bg': 'transparent' };

/**
 * The one lookup box of /orders: type part of an order id or external id and the list
 * below narrows as you type; Enter opens the order when there is only one, and a whole order id
 * (UUID) opens that order even when no list holds it.
 */
export function LookupBar({ status, searchText, notice, onStatusChange, onSearchTextChange, onOpen, onClear, canClear, teamIndex = false, customerSearch = true }: LookupBarProps) {
  const searchId = `mantine-${useId()}`;
  const statusId = `mantine-${useId()}`;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onOpen();
  };
  const placeholder = !teamIndex
    ? 'Paste an id, or type part of one'
    : customerSearch
      ? 'E-mail, name, phone, external id; or email:, ext:, amount:>100, created:…'
      : 'External id; or ext:, status:, amount:>100, created:…';
  return (
    <form role="search" aria-label="Find an order" onSubmit={onSubmit} noValidate>
      {/* Aligned at the top: the box may grow a line below it (what Enter found); the buttons sit level
          with the inputs, below their labels. */}
      <div style={{ '--group-gap': 'var(--mantine-spacing-sm)', '--group-align': 'flex-start', '--group-justify': 'flex-start', '--group-wrap': 'wrap' }} className="m_4081bf90 mantine-Group-root">
        <div style={{ flex: '1 1 18rem', maxWidth: 'calc(30rem * var(--mantine-scale))' }} className="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root" data-size="sm">
          <label style={{ '--input-label-size': 'var(--mantine-font-size-sm)' }} className="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label" data-size="sm" htmlFor={searchId} id={`${searchId}-label`}>
            {teamIndex ? 'Search the team’s orders' : 'Order id or external id'}
          </label>
          <div
            style={{ ...(notice !== null && { '--input-margin-bottom': 'calc(var(--mantine-spacing-xs) / 2)' }), '--input-height': 'var(--input-height-sm)', '--input-fz': 'var(--mantine-font-size-sm)' }}
            className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
            data-variant="default"
            data-size="sm"
            data-with-right-section={searchText !== '' || undefined}
            data-with-left-section="true"
          >
            <div data-position="left" className="m_82577fc2 mantine-Input-section mantine-TextInput-section">
              <IconSearch size={16} aria-hidden />
            </div>
            <input
              style={{ '--input-placeholder-color': 'var(--mantine-color-placeholder)' }}
              className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
              data-variant="default"
              type="search"
              enterKeyHint="go"
              placeholder={placeholder}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={notice !== null ? `${searchId}-description` : undefined}
              id={searchId}
              name="q"
              value={searchText}
              onChange={(event) => onSearchTextChange(event.currentTarget.value)}
            />
            {searchText !== '' && (
              <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-TextInput-section">
                <button
                  style={{ '--cb-size': 'var(--cb-size-sm)' }}
                  className="mantine-focus-auto mantine-active m_220c80f2 m_86a44da5 mantine-CloseButton-root m_87cf2631 mantine-UnstyledButton-root"
                  data-variant="subtle"
                  data-size="sm"
                  type="button"
                  aria-label="Clear search"
                  onClick={() => onSearchTextChange('')}
                >
                  <svg viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" style={{ width: 'var(--cb-icon-size, 70%)', height: 'var(--cb-icon-size, 70%)' }}>
                    <path d={CLOSE_ICON} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
                  </svg>
                </button>
              </div>
            )}
          </div>
          {/* What Enter found, under the box (its accessible description), announced as it changes. */}
          {notice !== null && (
            <p
              style={{ '--input-description-size': 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))' }}
              className="m_fe47ce59 mantine-InputWrapper-description mantine-TextInput-description"
              data-size="sm"
              aria-live="polite"
              id={`${searchId}-description`}
            >
              {notice}
            </p>
          )}
        </div>
        <button style={{ ...LIGHT_BUTTON, marginTop: LABEL_OFFSET }} className={BUTTON} data-variant="light" data-with-right-section="true" type="submit">
          <span className="m_80f1301b mantine-Button-inner">
            <span className="m_811560b9 mantine-Button-label">Open</span>
            <span className="m_a74036a mantine-Button-section" data-position="right">
              <IconArrowRight size={16} />
            </span>
          </span>
        </button>
        <div style={{ width: 'calc(11.25rem * var(--mantine-scale))' }} className="m_46b77525 mantine-InputWrapper-root mantine-NativeSelect-root" data-size="sm">
          <label style={{ '--input-label-size': 'var(--mantine-font-size-sm)' }} className="m_8fdc1311 mantine-InputWrapper-label mantine-NativeSelect-label" data-size="sm" htmlFor={statusId} id={`${statusId}-label`}>
            Status
          </label>
          <div
            style={{ '--input-height': 'var(--input-height-sm)', '--input-fz': 'var(--mantine-font-size-sm)', '--input-right-section-pointer-events': 'none' }}
            className="m_6c018570 mantine-Input-wrapper mantine-NativeSelect-wrapper"
            data-variant="default"
            data-size="sm"
            data-pointer="true"
            data-with-right-section="true"
          >
            <select
              style={{ '--input-placeholder-color': 'var(--mantine-color-placeholder)' }}
              className="m_8fb7ebe7 mantine-Input-input mantine-NativeSelect-input"
              data-variant="default"
              name="status"
              id={statusId}
              value={status ?? ''}
              onChange={(event) => {
                const { value } = event.currentTarget;
                onStatusChange(isOrderStatus(value) ? value : null);
              }}
            >
              {STATUS_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-NativeSelect-section">
              <svg style={{ '--combobox-chevron-size': 'var(--combobox-chevron-size-sm)' }} className="m_2943220b mantine-ComboboxChevron-chevron" data-size="sm" data-combobox-chevron="true" viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg">
                <path d={CHEVRON_ICON} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
              </svg>
            </div>
          </div>
        </div>
        {canClear && (
          <button style={{ ...SUBTLE_BUTTON, marginTop: LABEL_OFFSET }} className={BUTTON} data-variant="subtle" type="button" onClick={onClear}>
            <span className="m_80f1301b mantine-Button-inner">
              <span className="m_811560b9 mantine-Button-label">Clear filters</span>
            </span>
          </button>
        )}
      </div>
    </form>
  );
}

// Mantine's CloseIcon and ComboboxChevron.
const CLOSE_ICON =
  'M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z';
const CHEVRON_ICON =
  'M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z';
