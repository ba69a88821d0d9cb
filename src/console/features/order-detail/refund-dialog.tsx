import { zodResolver } from '@hookform/resolvers/zod';
import { Modal } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Environment } from '../../lib/environments.ts';
import { useIsTeamMode } from '../../lib/use-team.ts';
import { RefundSentForApproval } from '../approvals/refund-sent-for-approval.tsx';
import type { OrderRecord } from '../orders/order-record.ts';
import { lastRefundAccount } from './last-refund-account.ts';
import { RefundConfirm } from './refund-confirm.tsx';
import type { RefundMode } from './refund-form.tsx';
import { RefundForm } from './refund-form.tsx';
import { RefundOutcome } from './refund-outcome.tsx';
import type { RefundFormValues } from './refund-schema.ts';
import { refundDefaults, refundFormSchema, teamRefundFormSchema } from './refund-schema.ts';
import type { RefundDone } from './use-refund-flow.ts';
import { useRefundFlow } from './use-refund-flow.ts';

interface Props {
  environment: Environment;
  /** The order as currently shown (kept fresh by the page's polling). */
  record: OrderRecord;
  onClose: () => void;
  onRefunded: (done: RefundDone) => void;
  /** The service cannot be asked for the order: the form says the service decides. */
  statusUnknown?: boolean;
}

export function RefundDialog({ environment, record, onClose, onRefunded, statusUnknown = false }: Props) {
  // Team mode (D17): every refund carries a reason and goes through the console's approvals route.
  const team = useIsTeamMode();
  const schema = useMemo(() => (team ? teamRefundFormSchema(record.current_amount) : refundFormSchema(record.current_amount)), [team, record.current_amount]);
  const [defaults] = useState(() => ({ ...refundDefaults(record.current_amount), ...(team && { reason: '', reason_note: '' }) }));
  const [lastAccount] = useState(() => lastRefundAccount(environment.id));
  const form = useForm<RefundFormValues>({ resolver: zodResolver(schema), defaultValues: defaults, mode: 'onTouched' });
  const [mode, setMode] = useState<RefundMode>('full');
  const flow = useRefundFlow({
    environment,
    record,
    form,
    onDone: onClose,
    onRefunded,
    // A refused amount stays as it was sent, with the service's words on it, and is no longer
    // "Full": the full amount on offer becomes the order's new one once it has been read again.
    onFieldsRefused: (fields) => {
      if (fields.includes('amount')) setMode('partial');
    },
  });
  const { step } = flow;

  // While a refund or its check is under way the dialog stays open: its answer must be seen.
  const close = () => {
    if (!flow.pending) onClose();
  };

  return (
    <Modal
      opened
      onClose={close}
      title={`Refund order ${record.external_id}`}
      size="lg"
      withCloseButton={!flow.pending}
      closeOnClickOutside={false}
    >
      {step.kind === 'form' && (
        <RefundForm
          form={form}
          currentAmount={record.current_amount}
          mode={mode}
          onModeChange={setMode}
          refusal={flow.refusal}
          statusUnknown={statusUnknown ? record.status : null}
          lastAccount={lastAccount}
          withReason={team}
          onReview={flow.review}
          onCancel={close}
        />
      )}
      {step.kind === 'confirm' && (
        <RefundConfirm
          body={step.body}
          record={record}
          requireTypedAmount={environment.production}
          retry={step.retry}
          pending={flow.pending}
          reason={flow.reason}
          approval={step.approval}
          onConfirm={() => flow.confirm(step.body)}
          onBack={flow.back}
        />
      )}
      {(step.kind === 'checking' || step.kind === 'unknown' || step.kind === 'went-through' || step.kind === 'changed') && (
        <RefundOutcome step={step} onRecheck={flow.recheck} onClose={onClose} />
      )}
      {step.kind === 'requested' && <RefundSentForApproval approval={step.approval} reasons={step.reasons ?? []} onClose={onClose} />}
    </Modal>
  );
}
