import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { OrderCreateRequest } from '../../../contract/schemas.ts';
import { AuthProblemAlert } from '../../components/auth-problem-alert.tsx';
import type { Environment } from '../../lib/environments.ts';
import { useActiveEnvironment } from '../../lib/use-environment.ts';
import { ActionBar } from './action-bar.tsx';
import { ClearFormModal } from './clear-form-modal.tsx';
import { CustomerSection } from './customer-section.tsx';
import { loadDraft } from './draft-storage.ts';
import type { ImportReport } from './form-alerts.tsx';
import { ImportReportAlert, ServerErrorAlert, UnknownOutcomeAlert } from './form-alerts.tsx';
import { FormRegion } from './form-region.tsx';
import { createOrderResolver, ShownErrors } from './form-resolver.ts';
import { formIssues } from './form-schema.ts';
import type { CreateOrderFormValues } from './form-values.ts';
import { emptyFormValues } from './form-values.ts';
import { ImportJsonModal } from './import-json-modal.tsx';
import { ItemsSection } from './items-section.tsx';
import { OrderDataSection, OrderSection } from './order-section.tsx';
import { ProductionConfirmModal } from './production-confirm-modal.tsx';
import { RequestPreviewModal } from './request-preview-modal.tsx';
import { sampleFormValues } from './sample-data.ts';
import { TransactionsSection } from './transactions-section.tsx';
import { useCreateOrderSubmit } from './use-create-order-submit.ts';
import { useDraftAutosave } from './use-draft-autosave.ts';
import { usePermission } from '../../lib/use-team.ts';

export function CreateOrderPage() {
  const environment = useActiveEnvironment();
  const mayCreate = usePermission(environment.id, 'create:order');
  // Team mode (D16): a role that may not create orders here is told so instead of given a form.
  if (!mayCreate.allowed) {
    return (
      <Stack gap="lg">
        <Title order={2}>New order</Title>
        <Alert color="gray" title="Not for your role">
          {mayCreate.reason}
        </Alert>
      </Stack>
    );
  }
  // Another environment means another draft: a fresh form, not the old one's values.
  return <CreateOrderForm key={environment.id} environment={environment} />;
}

function CreateOrderForm({ environment }: { environment: Environment }) {
  const [draft] = useState(() => loadDraft(environment.id));
  const [shownErrors] = useState(() => new ShownErrors());
  const form = useForm<CreateOrderFormValues, unknown, OrderCreateRequest>({
    resolver: createOrderResolver,
    context: shownErrors,
    defaultValues: draft ?? emptyFormValues(),
    // Errors appear when the user leaves a field they typed in, then follow their typing in that
    // field (onTouched; the inputs tell the form about leaving only after typing).
    // Untouched fields are not checked per keystroke; a touched one is checked on its own (the
    // resolver parses that member, not the 250-row body; submit parses everything), and only inputs
    // whose error changed re-render. onChange would flag fields not yet filled.
    mode: 'onTouched',
    shouldFocusError: true,
  });
  const { control, getValues, reset, trigger, getFieldState, subscribe } = form;
  // One object for the form's life: the memoised rows and figures keep it across renders.
  const values = useMemo(() => ({ subscribe, getValues, getFieldState }), [subscribe, getValues, getFieldState]);
  useLayoutEffect(() => shownErrors.connect((name) => getFieldState(name).error), [shownErrors, getFieldState]);
  const { discard } = useDraftAutosave(form, environment.id);
  const navigate = useNavigate();
  const { submit, retry, dismiss, outcome, authProblem, pending, checking, confirming, confirm, cancelConfirm, existing } = useCreateOrderSubmit(environment, form, discard);

  const [previewOpened, preview] = useDisclosure(false);
  const [importOpened, importModal] = useDisclosure(false);
  const [clearOpened, clearModal] = useDisclosure(false);
  const [importReport, setImportReport] = useState<ImportReport | null>(null);

  const fillSample = useCallback(() => {
    reset(sampleFormValues());
    setImportReport(null);
  }, [reset]);

  // What the form held before the last import, for its one-step undo.
  const [beforeImport, setBeforeImport] = useState<CreateOrderFormValues | null>(null);
  const importValues = useCallback(
    (values: CreateOrderFormValues, notes: string[]) => {
      setBeforeImport(getValues());
      reset(values);
      setImportReport({ issues: formIssues(values), notes });
      // Shows every problem inline too, not only in the report.
      void trigger();
    },
    [reset, trigger, getValues],
  );
  const undoImport = useCallback(() => {
    if (beforeImport !== null) reset(beforeImport);
    setBeforeImport(null);
    setImportReport(null);
  }, [reset, beforeImport]);

  const clear = useCallback(() => {
    reset(emptyFormValues());
    discard();
    dismiss();
    setImportReport(null);
    clearModal.close();
  }, [reset, discard, dismiss, clearModal]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>New order</Title>
          <Text c="dimmed" size="sm">
            Create an order through the partner interface on {environment.name}, as a payment service provider would.
          </Text>
        </div>
        {draft !== null && (
          <Text size="xs" c="dimmed">
            Draft restored from this browser tab
          </Text>
        )}
      </Group>
      <FormRegion label="New order" onSubmit={() => void submit()}>
        <Stack gap="lg">
          <ServerErrorAlert control={control} />
          {authProblem !== null && <AuthProblemAlert error={authProblem} what="Creating the order failed with" />}
          {outcome !== null && (
            <UnknownOutcomeAlert
              outcome={outcome}
              environment={environment}
              checking={checking}
              pending={pending}
              onRetry={() => void retry()}
              onOpen={(id) => void navigate(`/orders/${encodeURIComponent(id)}`)}
              onDismiss={dismiss}
            />
          )}
          {importReport !== null && <ImportReportAlert report={importReport} onDismiss={() => setImportReport(null)} onUndo={undoImport} />}
          <OrderSection control={control} existing={existing} />
          <OrderDataSection control={control} />
          <CustomerSection control={control} />
          <ItemsSection control={control} values={values} />
          <TransactionsSection control={control} values={values} />
          <ActionBar
            pending={pending}
            production={environment.production}
            environmentName={environment.name}
            onSubmit={() => void submit()}
            onSample={fillSample}
            onImport={importModal.open}
            onPreview={preview.open}
            onClear={clearModal.open}
          />
        </Stack>
      </FormRegion>
      <RequestPreviewModal opened={previewOpened} onClose={preview.close} environment={environment} getValues={getValues} />
      <ImportJsonModal opened={importOpened} onClose={importModal.close} onImport={importValues} />
      <ClearFormModal opened={clearOpened} environmentName={environment.name} onCancel={clearModal.close} onConfirm={clear} />
      <ProductionConfirmModal body={confirming} environmentName={environment.name} onCancel={cancelConfirm} onConfirm={() => void confirm()} />
    </Stack>
  );
}
