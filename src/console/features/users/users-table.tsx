import { Badge, Button, Group, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { UserSummary } from '../../../contract/users.ts';

interface Props {
  users: UserSummary[];
  busy: boolean;
  rolesEditable: boolean;
  onEditRoles: (user: UserSummary) => void;
  onSetStatus: (user: UserSummary, status: UserSummary['status']) => void;
  onUnlock: (user: UserSummary) => void;
  /** The row's less frequent actions (users-account-menu.tsx), after the others. */
  more?: (user: UserSummary) => ReactNode;
}

const lockedUntil = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** Every account: e-mail, status, grants, and what an admin can change. */
export function UsersTable({ users, busy, rolesEditable, onEditRoles, onSetStatus, onUnlock, more }: Props) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Users" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.email}>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                {/* A badge hides its overflow, so on its own it would let a narrow table cut it to "AC…":
                    at least its text's width keeps the column wide enough (the table scrolls instead). */}
                <Group gap={4} wrap="nowrap">
                  <Badge color={user.status === 'active' ? 'green' : 'gray'} variant="light" miw="max-content">
                    {user.status}
                  </Badge>
                  {user.second_factor === true && (
                    <Badge color="blue" variant="light" title="Signs in with a second factor" miw="max-content">
                      2FA
                    </Badge>
                  )}
                  {user.locked_until !== null && (
                    <Badge color="orange" variant="light" title="Too many failed sign-ins" miw="max-content">
                      locked until {lockedUntil(user.locked_until)}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{user.grants.join(', ')}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {rolesEditable && (
                    <Button size="xs" variant="default" onClick={() => onEditRoles(user)} aria-label={`Change roles of ${user.email}`}>
                      Change roles
                    </Button>
                  )}
                  {user.locked_until !== null && (
                    <Button size="xs" variant="light" color="orange" disabled={busy} onClick={() => onUnlock(user)} aria-label={`Unlock ${user.email}`}>
                      Unlock
                    </Button>
                  )}
                  {user.status === 'active' ? (
                    <Button size="xs" variant="light" color="red" disabled={busy} onClick={() => onSetStatus(user, 'disabled')} aria-label={`Disable ${user.email}`}>
                      Disable
                    </Button>
                  ) : (
                    <Button size="xs" variant="light" disabled={busy} onClick={() => onSetStatus(user, 'active')} aria-label={`Enable ${user.email}`}>
                      Enable
                    </Button>
                  )}
                  {more?.(user)}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
