import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import type { Environment } from '../../lib/environments.ts';
import { environmentFormSchema, formDefaults } from './environment-form-schema.ts';
import type { EnvironmentFormOutput } from './environment-form-schema.ts';
import { TokenField } from './token-field.tsx';

interface Props {
  /** null to add a new environment. */
  environment: Environment | null;
  /** Names already used by the other environments. */
  takenNames: readonly string[];
  onSubmit: (values: EnvironmentFormOutput) => void;
  onCancel: () => void;
  /** Opened to set the token (the proxy notice's link): the cursor starts in the Token field, not Name. */
  focusToken?: boolean;
}

export function EnvironmentForm({ environment, takenNames, onSubmit, onCancel, focusToken = false }: Props) {
  const schema = useMemo(() => environmentFormSchema(takenNames), [takenNames]);
  const { control, handleSubmit } = useForm({ resolver: zodResolver(schema), defaultValues: formDefaults(environment) });
  const [production, remember] = useWatch({ control, name: ['production', 'rememberToken'] });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Stack gap="md">
        <TextField control={control} name="name" label="Name" placeholder="e.g. Staging" withAsterisk data-autofocus={!focusToken || undefined} />
        {/* No base URL: the console calls only its own origin (connect-src 'self'); a real
            service is reached through this server's proxy mode (ORDER_SERVICE_URL). */}
        <TokenField
          control={control}
          name="token"
          label="Token"
          description="Sent as “Authorization: Token …”; never in a URL."
          withAsterisk
          data-autofocus={focusToken || undefined}
        />
        <CheckboxField
          control={control}
          name="rememberToken"
          label="Remember token on this device"
          description={
            remember
              ? 'Kept in this browser’s local storage until you remove the environment. Only on a device you alone use.'
              : 'Off: the token is kept for this browser tab only and forgotten when it closes.'
          }
        />
        <CheckboxField control={control} name="sandbox" label="Sandbox" description="The service answers the sandbox control API: enables order simulation." />
        <CheckboxField control={control} name="production" label="Production" description="Real orders and real money: the console shows a red banner on every page." />
        {production && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
            <Text size="sm">Creates and refunds in this environment move real money.</Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">{environment === null ? 'Add environment' : 'Save changes'}</Button>
        </Group>
      </Stack>
    </form>
  );
}
