import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconBolt } from '@tabler/icons-react';
import { useForm, useWatch } from 'react-hook-form';
import { FAULT_KINDS, FAULT_OPERATIONS, MAX_FAULT_DELAY_MS, MAX_FAULT_TIMES } from '../../../contract/faults.ts';
import type { FaultRuleRequest } from '../../../contract/faults.ts';
import { SelectField } from '../../components/select-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { applyServerErrors, SERVER_ERROR_KEY } from '../../lib/form-errors.ts';
import { withoutToken } from '../../lib/without-token.ts';
import type { FaultFormValues } from './fault-form-schema.ts';
import { FAULT_FORM_DEFAULTS, faultFormSchema, isFaultFormField } from './fault-form-schema.ts';
import { describeFault, timesLabel } from './fault-describe.ts';

interface Props {
  arm: (rule: FaultRuleRequest) => Promise<unknown>;
  onArmed: (rule: FaultRuleRequest) => void;
}

/** Any rule D13 allows; what was typed stays after a refusal, and after arming (to arm it again). */
export function FaultRuleForm({ arm, onArmed }: Props) {
  const form = useForm<FaultFormValues, unknown, FaultRuleRequest>({
    resolver: zodResolver(faultFormSchema),
    defaultValues: FAULT_FORM_DEFAULTS,
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, formState } = form;
  const kind = useWatch({ control, name: 'effect.kind' });
  const serverError = formState.errors.root?.['serverError']?.message;

  const submit = handleSubmit(async (rule) => {
    try {
      await arm(rule);
    } catch (error) {
      if (error instanceof ApiError) applyServerErrors(error, setError, isFaultFormField);
      else setError(SERVER_ERROR_KEY, { type: 'client', message: error instanceof Error ? error.message : String(error) });
      return;
    }
    onArmed(rule);
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="custom-fault-title">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <div>
            <Title order={3} size="h4" id="custom-fault-title">
              Custom rule
            </Title>
            <Text size="sm" c="dimmed">
              Any rule the sandbox takes (D13). Rules fire oldest first; each fires the number of times given, then goes.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            <SelectField control={control} name="operation" label="Operation" options={FAULT_OPERATIONS} description="read: GET of one order; any: every /psp/ call" />
            <TextField control={control} name="order_id" label="Only for order (optional)" description="An order id (UUID); not for create" spellCheck={false} autoComplete="off" />
            <SelectField control={control} name="effect.kind" label="Effect" options={FAULT_KINDS} description="drop: nothing done; lose_answer: done, answer lost" />
            {kind === 'status' && (
              <>
                <TextField control={control} name="effect.status" label="Status" description="400-599, e.g. 429, 500, 503" inputMode="numeric" autoComplete="off" />
                <TextField control={control} name="effect.retry_after" label="Retry-After, seconds (optional)" description="429 sends 5 unless given" inputMode="numeric" autoComplete="off" />
              </>
            )}
            {kind === 'delay' && (
              <TextField control={control} name="effect.ms" label="Delay, ms" description={`1-${MAX_FAULT_DELAY_MS} (the console waits 15 000)`} inputMode="numeric" autoComplete="off" />
            )}
            <TextField control={control} name="times" label="Times" description={`How many calls it hits, 1-${MAX_FAULT_TIMES}`} inputMode="numeric" autoComplete="off" />
          </SimpleGrid>
          {serverError !== undefined && (
            <Alert color="red" variant="light" title="The sandbox refused the rule" role="alert">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {withoutToken(serverError)}
              </Text>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconBolt size={16} />} loading={formState.isSubmitting}>
              Arm rule
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The words of the notice after arming. */
export function armedMessage(rule: FaultRuleRequest): string {
  return `${describeFault({ operation: rule.operation, order_id: rule.order_id ?? null, effect: rule.effect })}, ${timesLabel(rule.times ?? 1)}.`;
}
