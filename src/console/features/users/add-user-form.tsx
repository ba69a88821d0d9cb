import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../components/text-field.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { applyServerErrors, SERVER_ERROR_KEY } from '../../lib/form-errors.ts';
import type { AddUserForm as AddUserFields } from './user-forms.ts';
import { addUserFormSchema, emptyAddUserForm } from './user-forms.ts';
import { useAddUser } from './users-api.ts';

const FIELDS = new Set<string>(['email', 'grants', 'password']);
const isField = (path: string): path is keyof AddUserFields => FIELDS.has(path);

/** Adds an account (local sign-in) with its roles and the initial password the admin typed. */
export function AddUserForm({ environmentIds }: { environmentIds: readonly string[] | null }) {
  const addUser = useAddUser();
  const [added, setAdded] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, formState } = useForm({ resolver: zodResolver(addUserFormSchema(environmentIds)), defaultValues: emptyAddUserForm });
  const serverError = formState.errors.root?.serverError?.message;

  const submit = handleSubmit(async (body) => {
    setAdded(null);
    try {
      const user = await addUser.mutateAsync(body);
      // The password leaves the form at once: the page keeps it nowhere, and it is never shown again.
      reset(emptyAddUserForm);
      setAdded(user.email);
    } catch (error) {
      // A refused field (a password easy to guess) is said under the field, which keeps what was typed.
      if (error instanceof ApiError) applyServerErrors(error, setError, isField);
      else setError(SERVER_ERROR_KEY, { type: 'server', message: String(error) });
    }
  });

  return (
    <form noValidate aria-label="Add a user" onSubmit={(event) => void submit(event)}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextField control={control} name="email" label="E-mail" autoComplete="off" spellCheck={false} />
        <TextField control={control} name="grants" label="Roles" description="role or role@environment, e.g. agent@sandbox" spellCheck={false} />
        <TextField control={control} name="password" label="Initial password" description="At least 12 characters" type="password" autoComplete="new-password" />
      </SimpleGrid>
      <Group mt="sm">
        <Button type="submit" leftSection={<IconUserPlus size={16} />} loading={formState.isSubmitting}>
          Add user
        </Button>
      </Group>
      {serverError !== undefined && (
        <Alert mt="sm" color="red" variant="light" title="The user was not added" role="alert">
          <Text size="sm">{serverError}</Text>
        </Alert>
      )}
      {added !== null && (
        <Alert mt="sm" color="green" variant="light" title={`${added} added`} role="status">
          <Text size="sm">Give them the initial password yourself: the console keeps only its hash and will never show it again. They choose their own at their first sign-in.</Text>
        </Alert>
      )}
    </form>
  );
}
