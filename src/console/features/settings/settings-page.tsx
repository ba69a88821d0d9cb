import { Button, Code, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Environment } from '../../lib/environments.ts';
import { environmentStore, setToken } from '../../lib/environments.ts';
import { useEnvironments } from '../../lib/use-environment.ts';
import { EnvironmentCard } from './environment-card.tsx';
import { EnvironmentForm } from './environment-form.tsx';
import { fromForm } from './environment-form-schema.ts';
import type { EnvironmentFormOutput } from './environment-form-schema.ts';
import { RemoveEnvironmentModal } from './remove-environment-modal.tsx';
import { TeamSettings } from './team-settings.tsx';
import { useIsTeamMode } from '../../lib/use-team.ts';

/** The environment being edited; 'new' while adding one. */
type Editing = Environment | 'new' | null;

export function SettingsPage() {
  return useIsTeamMode() ? <TeamSettings /> : <PersonalSettings />;
}

function PersonalSettings() {
  const { environments, active } = useEnvironments();
  // `?edit=<environment id>` opens that environment's editor (the token field with it): where the
  // proxy notice's "Set the token in Settings" leads.
  const [params, setParams] = useSearchParams();
  const [editing, setEditingState] = useState<Editing>(() => environments.find((e) => e.id === params.get('edit')) ?? null);
  const [focusToken] = useState(() => editing !== null);
  const setEditing = (next: Editing) => {
    setEditingState(next);
    if (next === null && params.has('edit')) setParams({}, { replace: true });
  };
  const [removing, setRemoving] = useState<Environment | null>(null);
  // A saved edit starts that card afresh, so an old connection result cannot vouch for a new token.
  const [revisions, setRevisions] = useState<Record<string, number>>({});

  const editedEnvironment = editing === 'new' ? null : editing;
  const takenNames = environments.filter((e) => e.id !== editedEnvironment?.id).map((e) => e.name);

  const save = (values: EnvironmentFormOutput) => {
    const { environment, token } = fromForm(values, editedEnvironment?.id ?? null);
    environmentStore.save(environment);
    setToken(environment.id, token);
    setRevisions((r) => ({ ...r, [environment.id]: (r[environment.id] ?? 0) + 1 }));
    setEditing(null);
    notifications.show({ color: 'green', message: editedEnvironment === null ? `Added “${environment.name}”.` : `Saved “${environment.name}”.` });
  };

  const remove = (environment: Environment) => {
    environmentStore.remove(environment.id);
    setRemoving(null);
    notifications.show({ message: `Removed “${environment.name}”.` });
  };

  const activate = (environment: Environment) => {
    environmentStore.activate(environment.id);
    notifications.show({
      color: environment.production ? 'red' : 'indigo',
      message: `Now using “${environment.name}”${environment.production ? ' (production)' : ''}.`,
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Connection settings</Title>
          <Text c="dimmed" size="sm">
            Which Order Service the console talks to, and with which token.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Add environment
        </Button>
      </Group>

      <Stack gap="md">
        {environments.map((environment) => (
          <EnvironmentCard
            key={`${environment.id}:${revisions[environment.id] ?? 0}`}
            environment={environment}
            active={environment.id === active.id}
            removable={environments.length > 1}
            onActivate={() => activate(environment)}
            onEdit={() => setEditing(environment)}
            onRemove={() => setRemoving(environment)}
          />
        ))}
        {environments.length === 1 && (
          <Text size="xs" c="dimmed">
            The console needs at least one environment, so the last one cannot be removed.
          </Text>
        )}
      </Stack>

      <Paper withBorder p="lg" radius="md">
        <Title order={4} mb="xs">
          Where tokens are kept
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>By default a token lives in this tab’s session storage and is forgotten when the tab closes.</List.Item>
          <List.Item>“Remember token on this device” keeps it in local storage, for devices only you use.</List.Item>
          <List.Item>
            Tokens are sent only in the <Code>Authorization</Code> header: never in a URL, the journal or a copied curl command (unless you
            ask for it there).
          </List.Item>
        </List>
      </Paper>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editedEnvironment === null ? 'Add environment' : `Edit “${editedEnvironment.name}”`}
        size="lg"
        centered
      >
        {editing !== null && (
          <EnvironmentForm
            key={editedEnvironment?.id ?? 'new'}
            environment={editedEnvironment}
            takenNames={takenNames}
            onSubmit={save}
            onCancel={() => setEditing(null)}
            focusToken={focusToken && editedEnvironment?.id === params.get('edit')}
          />
        )}
      </Modal>

      <RemoveEnvironmentModal
        environment={removing}
        nextActive={removing !== null && removing.id === active.id ? (environments.find((e) => e.id !== removing.id) ?? null) : null}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
