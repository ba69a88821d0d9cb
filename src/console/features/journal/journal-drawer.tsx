import { Drawer } from '@mantine/core';

export function JournalDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return <Drawer opened={opened} onClose={onClose} title="Request journal" position="right" size="xl" />;
}
