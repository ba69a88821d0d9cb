import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { ErrorAlert } from './error-alert.tsx';
import { IconKey } from '@tabler/icons-react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Account } from '../../../contract/account.ts';
import { confirmPasswordBodySchema, passkeyNameSchema } from '../../../contract/account.ts';
import { TextField } from '../../components/text-field.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { applyServerErrors, SERVER_ERROR_KEY } from '../../lib/form-errors.ts';
import { useAddPasskey, usePasskeyRemove } from './account-api.ts';

// docs/accounts.md: /account's passkeys: each named, listed and removable; "Add a passkey" asks for the
// password again, then the browser asks the device (or a security key) to make one.

const addFormSchema = confirmPasswordBodySchema.extend({ name: passkeyNameSchema });
type AddForm = z.input<typeof addFormSchema>;
const FIELDS = new Set<string>(['name', 'current_password']);
const isField = (path: string): path is keyof AddForm => FIELDS.has(path);

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** `onAdded`: the setup page goes on once a passkey is the person's second factor. */
export function AddPasskeyForm({ onAdded }: { onAdded?: () => void }) {
  const add = useAddPasskey();
  const { control, handleSubmit, setError, reset, formState } = useForm({ resolver: zodResolver(addFormSchema), defaultValues: { name: '', current_password: '' } });
  const submit = handleSubmit(async (body) => {
    try {
      await add.mutateAsync(body);
      reset();
      onAdded?.();
    } catch (error) {
      if (error instanceof ApiError) applyServerErrors(error, setError, isField);
      // The browser's own refusal (the person cancelled, or the device could not verify them).
      else setError(SERVER_ERROR_KEY, { type: 'server', message: 'No passkey was made: try again, and let your device verify you.' });
    }
  });
  const serverError = formState.errors.root?.serverError?.message;
  return (
    <form noValidate aria-label="Add a passkey" onSubmit={(event) => void submit(event)}>
      <Stack gap="sm" maw={420}>
        <TextField control={control} name="name" label="Passkey name" description="So you can tell it apart, such as Work laptop." autoComplete="off" />
        <TextField control={control} name="current_password" label="Current password" description="To add a factor, confirm it is you." type="password" autoComplete="current-password" />
        <Group>
          <Button type="submit" leftSection={<IconKey size={16} />} loading={formState.isSubmitting}>
            Add a passkey
          </Button>
        </Group>
        <ErrorAlert message={serverError} />
      </Stack>
    </form>
  );
}

export function PasskeySection({ account }: { account: Account }) {
  const remove = usePasskeyRemove();
  return (
    <Stack gap="sm">
      <Text size="sm">A passkey signs you in without a password, with your device&apos;s fingerprint, face or PIN, or a security key. It counts as a second factor.</Text>
      {account.passkeys.length > 0 && (
        <Table aria-label="Your passkeys" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Added</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {account.passkeys.map((passkey) => (
              <Table.Tr key={passkey.id}>
                <Table.Td>{passkey.name}</Table.Td>
                <Table.Td>{day(passkey.created_at)}</Table.Td>
                <Table.Td>{passkey.last_used_at === null ? 'Never' : day(passkey.last_used_at)}</Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="light" color="red" aria-label={`Remove ${passkey.name}`} loading={remove.isPending && remove.variables === passkey.id} onClick={() => remove.mutate(passkey.id)}>
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ErrorAlert message={remove.error?.message} />
      {browserSupportsWebAuthn() ? <AddPasskeyForm /> : <Text size="sm">This browser cannot make passkeys.</Text>}
    </Stack>
  );
}
