import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { UserSummary } from '../../../contract/users.ts';
import { TextField } from '../../components/text-field.tsx';
import { rolesFormSchema } from './user-forms.ts';

interface Props {
  user: UserSummary;
  /** The console's environments, for the grants' check (null: the server's check alone). */
  environmentIds: readonly string[] | null;
  saving: boolean;
  onSave: (grants: string[]) => void;
  onCancel: () => void;
}

/** Replaces one account's grants with what is typed (`approver@sandbox, viewer`). */
export function RolesForm({ user, environmentIds, saving, onSave, onCancel }: Props) {
  const { control, handleSubmit } = useForm({ resolver: zodResolver(rolesFormSchema(environmentIds)), defaultValues: { grants: user.grants.join(', ') } });
  return (
    <form noValidate aria-label={`Roles of ${user.email}`} onSubmit={(event) => void handleSubmit((value) => onSave(value.grants))(event)}>
      <Group align="flex-end" gap="xs">
        <TextField control={control} name="grants" label={`Roles of ${user.email}`} spellCheck={false} style={{ flex: 1 }} />
        <Button type="submit" loading={saving}>
          Save roles
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}
