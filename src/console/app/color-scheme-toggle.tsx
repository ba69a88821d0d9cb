import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    // data-per-browser: its icon follows this browser's scheme, so the pre-rendered frame hides it.
    <ActionIcon variant="default" size="lg" data-per-browser onClick={() => setColorScheme(next)} aria-label={`Switch to ${next} colour scheme`}>
      {computed === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
    </ActionIcon>
  );
}
