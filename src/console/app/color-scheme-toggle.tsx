import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import type { CSSProperties } from 'react';

/** Mantine's ActionIcon (variant default, size lg) as a plain button: the shell's markup (shell-parts.tsx). */
const ACTION_ICON_STYLE: CSSProperties & Record<`--${string}`, string> = {
  '--ai-size': 'var(--ai-size-lg)',
  '--ai-bg': 'var(--mantine-color-default)',
  '--ai-hover': 'var(--mantine-color-default-hover)',
  '--ai-color': 'var(--mantine-color-default-color)',
  '--ai-bd': 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)',
};
const sun = <IconSun size={18} />;
const moon = <IconMoon size={18} />;

export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <button
      style={ACTION_ICON_STYLE}
      className="mantine-focus-auto mantine-active m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root"
      data-variant="default"
      data-size="lg"
      type="button"
      // Its icon follows this browser's scheme, so the pre-rendered frame hides it.
      data-per-browser="true"
      onClick={() => setColorScheme(next)}
      aria-label={`Switch to ${next} colour scheme`}
    >
      <span className="m_8d3afb97 mantine-ActionIcon-icon">{computed === 'dark' ? sun : moon}</span>
    </button>
  );
}
