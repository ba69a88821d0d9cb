import { Button, Group, Menu, Paper } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { IconDotsVertical, IconEraser, IconEye, IconFileImport, IconSend, IconSparkles } from '@tabler/icons-react';

interface Props {
  pending: boolean;
  /** A production environment: no sample data, and Create order names it. */
  production: boolean;
  environmentName: string;
  /** Create order: a button that calls this, not a submit button (the form is a FormRegion). */
  onSubmit: () => void;
  onSample: () => void;
  onImport: () => void;
  onPreview: () => void;
  onClear: () => void;
}

/**
 * Stays at the bottom of the window, so Create order is one click away in a 200-row form. From the
 * `sm` breakpoint up the other actions are buttons beside it; on a phone they are one menu, so the
 * bar is one row: the menu and the primary button.
 */
export function ActionBar({ pending, production, environmentName, onSubmit, onSample, onImport, onPreview, onClear }: Props) {
  const bar = useReservedBottom();
  return (
    <Paper
      ref={bar}
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      pos="sticky"
      bottom="var(--mantine-spacing-sm)"
      style={{ zIndex: 3 }}
      role="toolbar"
      aria-label="Form actions"
    >
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Group gap="xs" visibleFrom="sm">
          {!production && (
            <Button variant="default" leftSection={<IconSparkles size={16} />} onClick={onSample} disabled={pending}>
              Fill with sample data
            </Button>
          )}
          <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={onImport} disabled={pending}>
            Import JSON
          </Button>
          <Button variant="default" leftSection={<IconEye size={16} />} onClick={onPreview}>
            Request preview
          </Button>
          <Button variant="subtle" color="red" leftSection={<IconEraser size={16} />} onClick={onClear} disabled={pending}>
            Clear form
          </Button>
        </Group>
        <Menu position="top-start" withinPortal>
          <Menu.Target>
            <Button variant="default" hiddenFrom="sm" leftSection={<IconDotsVertical size={16} />} aria-label="More form actions">
              More
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {!production && (
              <Menu.Item leftSection={<IconSparkles size={16} />} onClick={onSample} disabled={pending}>
                Fill with sample data
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconFileImport size={16} />} onClick={onImport} disabled={pending}>
              Import JSON
            </Menu.Item>
            <Menu.Item leftSection={<IconEye size={16} />} onClick={onPreview}>
              Request preview
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconEraser size={16} />} onClick={onClear} disabled={pending}>
              Clear form
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Button
          onClick={onSubmit}
          leftSection={<IconSend size={16} />}
          loading={pending}
          disabled={pending}
          color={production ? 'red' : undefined}
          title={production ? `Creates a real order on ${environmentName}, after a confirmation` : undefined}
          style={{ flexShrink: 0 }}
        >
          Create order
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Tells the notifications how much of the window's bottom this bar takes (console.css,
 * --console-bottom-actions), for as long as it is on the page: a notice then never covers it.
 */
function useReservedBottom() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const root = document.documentElement;
    const reserve = () => {
      // Its height plus the gap it keeps from the window's edge (bottom: spacing-sm).
      const gap = Number.parseFloat(getComputedStyle(element).bottom) || 0;
      root.style.setProperty('--console-bottom-actions', `${Math.ceil(element.getBoundingClientRect().height + gap)}px`);
    };
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--console-bottom-actions');
    };
  }, []);
  return ref;
}
