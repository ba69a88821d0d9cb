import { Alert, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PatchUserBody, UserSummary } from '../../../contract/users.ts';
import { useTeamAuth, useTeamMe } from '../../lib/use-team.ts';
import { AddUserForm } from './add-user-form.tsx';
import { RolesForm } from './roles-form.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { useChangeUser, userQueries, useUnlockUser } from './users-api.ts';
import { useUserAccountActions } from './user-account-actions.tsx';
import { UsersTable } from './users-table.tsx';

// docs/decisions.md D16: `/users`, for admins of the whole console in team mode: every account, adding
// one, disabling and enabling, changing roles, unlocking one locked by failed sign-ins. The server records each change in the audit log and
// refuses what would lock the admin out; its sentence is shown as it wrote it.

export function UsersPage() {
  const users = useQuery(userQueries.list());
  const change = useChangeUser();
  const unlock = useUnlockUser();
  const [editing, setEditing] = useState<UserSummary | null>(null);
  const account = useUserAccountActions();
  // With OpenID Connect the provider's claim sets who exists and their roles (the server refuses both).
  const oidc = useTeamAuth() === 'oidc';
  // An admin of the whole console has a role in every environment, so /api/me lists them all.
  const environmentIds = useTeamMe()?.environments.map((environment) => environment.id) ?? null;

  const apply = (email: string, body: PatchUserBody) =>
    change.mutate({ email, change: body }, { onSuccess: () => setEditing(null) });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Users</Title>
        <Text c="dimmed" size="sm">
          Who may sign in to this console, and their roles: a role for every environment (agent) or for one (agent@sandbox). Each change is recorded in the audit log.
        </Text>
      </Stack>
      {oidc ? (
        <Text size="sm">This console signs in with OpenID Connect: add people and change their roles at your identity provider (its roles claim). Here you can disable or enable them.</Text>
      ) : (
        <Card withBorder>
          <AddUserForm environmentIds={environmentIds} />
        </Card>
      )}
      {(change.error ?? unlock.error) !== null && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Not changed" role="alert">
          <Text size="sm">{(change.error ?? unlock.error)?.message}</Text>
        </Alert>
      )}
      {account.panels}
      {editing !== null && (
        <RolesForm key={editing.email} user={editing} environmentIds={environmentIds} saving={change.isPending} onSave={(grants) => apply(editing.email, { grants })} onCancel={() => setEditing(null)} />
      )}
      {users.error !== null ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={users.error instanceof ApiError && users.error.status === 403 ? 'Admins only' : 'The users could not be loaded'} role="alert">
          <Text size="sm">{users.error.message}</Text>
        </Alert>
      ) : users.isPending ? (
        <Center py={48}>
          <Group gap="sm">
            <Loader size="sm" />
            <Text c="dimmed" size="sm">
              Loading the users…
            </Text>
          </Group>
        </Center>
      ) : (
        <UsersTable
          users={users.data}
          busy={change.isPending || unlock.isPending}
          rolesEditable={!oidc}
          {...(!oidc && { more: account.more })}
          onEditRoles={(user) => {
            change.reset();
            setEditing(user);
          }}
          onSetStatus={(user, status) => apply(user.email, { status })}
          onUnlock={(user) => {
            change.reset();
            unlock.mutate(user.email);
          }}
        />
      )}
    </Stack>
  );
}
