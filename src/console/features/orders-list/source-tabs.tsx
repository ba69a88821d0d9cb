import { IconDeviceDesktop, IconServer } from '@tabler/icons-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useId } from 'react';
import type { ListSource } from './use-list-params.ts';

// /orders's two lists, as the HTML Mantine's Tabs render (their classes,
// CSS variables, roles and ids; Mantine's stylesheet styles them), without their components, with
// their keyboard: the arrow keys (looping), Home and End move to a tab and show it. Only the shown
// list is mounted (keepMounted={false}). source-tabs.test.tsx compares the markup with Mantine's.

const TABS: ReadonlyArray<{ value: ListSource; label: string; icon: typeof IconServer }> = [
  { value: 'sandbox', label: 'All sandbox orders', icon: IconServer },
  { value: 'local', label: 'Opened in this browser', icon: IconDeviceDesktop },
];

interface Props {
  value: ListSource;
  onChange: (value: ListSource) => void;
  sandbox: ReactNode;
  local: ReactNode;
}

export function SourceTabs({ value, onChange, sandbox, local }: Props) {
  const id = `mantine-${useId()}`;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    const target = TABS[(next + TABS.length) % TABS.length];
    if (target === undefined) return;
    document.getElementById(`${id}-tab-${target.value}`)?.focus();
    onChange(target.value);
  };
  return (
    <div
      style={{ '--tabs-radius': 'var(--mantine-radius-default)', '--tabs-color': 'var(--mantine-color-indigo-filled)', '--tabs-text-color': 'var(--mantine-color-white)' }}
      className="m_89d60db1 mantine-Tabs-root"
      data-variant="default"
      data-orientation="horizontal"
      id={id}
    >
      <div style={{ marginBottom: 'var(--mantine-spacing-md)' }} className="m_576c9d4 m_89d33d6d mantine-Tabs-list" data-variant="default" data-orientation="horizontal" role="tablist" aria-orientation="horizontal">
        {TABS.map((tab, index) => (
          <button
            key={tab.value}
            className="mantine-focus-auto m_539e827b m_4ec4dce6 mantine-Tabs-tab m_87cf2631 mantine-UnstyledButton-root"
            data-variant="default"
            data-active={tab.value === value || undefined}
            data-orientation="horizontal"
            type="button"
            role="tab"
            id={`${id}-tab-${tab.value}`}
            aria-selected={tab.value === value}
            tabIndex={tab.value === value ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            <span className="m_fc420b1f mantine-Tabs-tabSection" data-position="left">
              <tab.icon size={16} />
            </span>
            <span className="m_42bbd1ae mantine-Tabs-tabLabel">{tab.label}</span>
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.value}
          style={tab.value === value ? undefined : { display: 'none' }}
          className="m_b0c91715 mantine-Tabs-panel"
          data-orientation="horizontal"
          role="tabpanel"
          id={`${id}-panel-${tab.value}`}
          aria-labelledby={`${id}-tab-${tab.value}`}
        >
          {tab.value === value ? (tab.value === 'sandbox' ? sandbox : local) : null}
        </div>
      ))}
    </div>
  );
}
