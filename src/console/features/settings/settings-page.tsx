import { Title } from '@mantine/core';

export function SettingsPage() {
  return <Title order={2}>Settings</Title>;
}
