import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ChangePasswordBody } from '../../../contract/account.ts';
import { changePasswordBodySchema } from '../../../contract/account.ts';
import { TextField } from '../../components/text-field.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { applyServerErrors, SERVER_ERROR_KEY } from '../../lib/form-errors.ts';
import { useChangePassword } from './account-api.ts';

// "Change password": the current one and the new one. The server judges the new one (length and how
// easy it is to guess) and says why under the field; what was typed stays, so it can be changed there.

const EMPTY: ChangePasswordBody = { current_password: '', new_password: '' };
const FIELDS = new Set<string>(['current_password', 'new_password']);
const isField = (path: string): path is keyof ChangePasswordBody => FIELDS.has(path);

export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const { control, handleSubmit, reset, setError, formState } = useForm({ resolver: zodResolver(changePasswordBodySchema), defaultValues: EMPTY });
  const serverError = formState.errors.root?.serverError?.message;

  const submit = handleSubmit(async (body) => {
    setDone(false);
    try {
      await change.mutateAsync(body);
      reset(EMPTY);
      setDone(true);
      onChanged?.();
    } catch (error) {
      if (error instanceof ApiError) applyServerErrors(error, setError, isField);
      else setError(SERVER_ERROR_KEY, { type: 'server', message: String(error) });
    }
  });

  return (
    <form noValidate aria-label="Change password" onSubmit={(event) => void submit(event)}>
      <Stack gap="sm" maw={420}>
        <TextField control={control} name="current_password" label="Current password" type="password" autoComplete="current-password" />
        <TextField
          control={control}
          name="new_password"
          label="New password"
          description="At least 12 characters, no other rules: a few unrelated words are easy to remember and hard to guess."
          type="password"
          autoComplete="new-password"
        />
        <Group>
          <Button type="submit" leftSection={<IconKey size={16} />} loading={formState.isSubmitting}>
            Change password
          </Button>
        </Group>
        {serverError !== undefined && (
          <Alert color="red" variant="light" title="The password was not changed" role="alert">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {serverError}
            </Text>
          </Alert>
        )}
        {done && (
          <Alert color="green" variant="light" title="Password changed" role="status">
            <Text size="sm">Any other place you were signed in with the old one is signed out.</Text>
          </Alert>
        )}
      </Stack>
    </form>
  );
}
