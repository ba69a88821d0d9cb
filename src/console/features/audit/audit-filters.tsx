import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../components/text-field.tsx';
import type { AuditFilterForm } from './audit-filter-form.ts';
import { auditFilterFormSchema } from './audit-filter-form.ts';

interface Props {
  value: AuditFilterForm;
  onApply: (value: AuditFilterForm) => void;
}

/** The filters of /audit; applied on "Apply" or Enter, cleared at once by "Clear". */
export function AuditFilters({ value, onApply }: Props) {
  const { control, handleSubmit, reset } = useForm({ resolver: zodResolver(auditFilterFormSchema), defaultValues: value });
  const empty: AuditFilterForm = { user: '', action: '', order_id: '', from: '', to: '' };
  return (
    <form noValidate role="search" aria-label="Filter the audit log" onSubmit={(event) => void handleSubmit(onApply)(event)}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <TextField control={control} name="user" label="User" placeholder="e-mail" spellCheck={false} />
        <TextField control={control} name="action" label="Action" placeholder="e.g. refund_request" spellCheck={false} />
        <TextField control={control} name="order_id" label="Order" placeholder="order id" spellCheck={false} />
        <TextField control={control} name="from" label="From (UTC)" type="date" />
        <TextField control={control} name="to" label="To (UTC)" type="date" />
      </SimpleGrid>
      <Group gap="xs" mt="sm">
        <Button type="submit" leftSection={<IconFilter size={16} />}>
          Apply
        </Button>
        <Button
          variant="default"
          onClick={() => {
            reset(empty);
            onApply(empty);
          }}
        >
          Clear
        </Button>
      </Group>
    </form>
  );
}
