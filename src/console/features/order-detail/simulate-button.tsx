import { Button } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { IconChevronDown, IconFlask } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/** The Simulate menu's button: the menu's target, and what stands in its place until the menu's code is in. */
export function SimulateButton(props: ButtonProps & Omit<ComponentPropsWithRef<'button'>, keyof ButtonProps>) {
  return (
    <Button variant="default" leftSection={<IconFlask size={18} />} rightSection={<IconChevronDown size={14} />} {...props}>
      Simulate
    </Button>
  );
}
