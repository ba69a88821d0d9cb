import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconKey, IconShieldOff, IconTrash } from '@tabler/icons-react';
import type { UserSummary } from '../../../contract/users.ts';

// docs/accounts.md: a row's less frequent actions on the Users page (local sign-in): a reset link,
// removing a lost second factor, removing the person. Each asks or shows more (user-account-actions.tsx).

interface Props {
  user: UserSummary;
  disabled: boolean;
  onResetPassword: (user: UserSummary) => void;
  onRemoveSecondFactor: (user: UserSummary) => void;
  onRemove: (user: UserSummary) => void;
}

export function UserAccountMenu({ user, disabled, onResetPassword, onRemoveSecondFactor, onRemove }: Props) {
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
        {user.second_factor === true && (
          <Menu.Item leftSection={<IconShieldOff size={16} />} onClick={() => onRemoveSecondFactor(user)}>
            Remove second factor
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onRemove(user)}>
          Remove user
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
