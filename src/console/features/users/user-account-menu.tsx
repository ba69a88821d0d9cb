import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconKey, IconTrash } from '@tabler/icons-react';
import type { UserSummary } from '../../../contract/users.ts';

// docs/accounts.md: a row's less frequent actions on the Users page (local sign-in): a reset link, and
// removing the person. Each asks or shows more in users-page.tsx.

interface Props {
  user: UserSummary;
  disabled: boolean;
  onResetPassword: (user: UserSummary) => void;
  onRemove: (user: UserSummary) => void;
}

export function UserAccountMenu({ user, disabled, onResetPassword, onRemove }: Props) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="md" disabled={disabled} aria-label={`More for ${user.email}`} title="More">
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconKey size={16} />} disabled={user.status !== 'active'} onClick={() => onResetPassword(user)}>
          Reset password
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onRemove(user)}>
          Remove user
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
