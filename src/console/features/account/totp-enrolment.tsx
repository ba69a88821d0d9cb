import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ErrorAlert } from './error-alert.tsx';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CodeBody, ConfirmPasswordBody, TotpSetup } from '../../../contract/account.ts';
import { codeBodySchema, confirmPasswordBodySchema } from '../../../contract/account.ts';
import { TextField } from '../../components/text-field.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { applyServerErrors, SERVER_ERROR_KEY } from '../../lib/form-errors.ts';
import { useTotpConfirm, useTotpSetup } from './account-api.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

// docs/accounts.md: setting up an authenticator app, in three steps: the password again; the QR code (and
// the secret as text, "Setup key", for an app that cannot scan) and a first code from the app; then the
// recovery codes, shown once.

const PASSWORD_FIELDS = new Set<string>(['current_password']);
const isPasswordField = (path: string): path is keyof ConfirmPasswordBody => PASSWORD_FIELDS.has(path);
const CODE_FIELDS = new Set<string>(['code']);
const isCodeField = (path: string): path is keyof CodeBody => CODE_FIELDS.has(path);

/** The setup key in groups of four, as authenticator apps show and take it. */
const grouped = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

function PasswordStep({ onSetup }: { onSetup: (setup: TotpSetup) => void }) {
  const setup = useTotpSetup();
  const { control, handleSubmit, setError, formState } = useForm({ resolver: zodResolver(confirmPasswordBodySchema), defaultValues: { current_password: '' } });
  const submit = handleSubmit(async (body) => {
    try {
      onSetup(await setup.mutateAsync(body));
    } catch (error) {
      if (error instanceof ApiError) applyServerErrors(error, setError, isPasswordField);
      else setError(SERVER_ERROR_KEY, { type: 'server', message: String(error) });
    }
  });
  const serverError = formState.errors.root?.serverError?.message;
  return (
    <form noValidate aria-label="Set up an authenticator app" onSubmit={(event) => void submit(event)}>
      <Stack gap="sm" maw={420}>
        <TextField control={control} name="current_password" label="Current password" description="To add a factor, confirm it is you." type="password" autoComplete="current-password" />
        <Group>
          <Button type="submit" leftSection={<IconDeviceMobile size={16} />} loading={formState.isSubmitting}>
            Continue
          </Button>
        </Group>
        <ErrorAlert message={serverError} />
      </Stack>
    </form>
  );
}

function CodeStep({ setup, onCodes }: { setup: TotpSetup; onCodes: (codes: string[]) => void }) {
  const confirm = useTotpConfirm();
  const { control, handleSubmit, setError, formState } = useForm({ resolver: zodResolver(codeBodySchema), defaultValues: { code: '' } });
  const submit = handleSubmit(async (body) => {
    try {
      onCodes(await confirm.mutateAsync(body));
    } catch (error) {
      if (error instanceof ApiError) applyServerErrors(error, setError, isCodeField);
      else setError(SERVER_ERROR_KEY, { type: 'server', message: String(error) });
    }
  });
  const serverError = formState.errors.root?.serverError?.message;
  return (
    <Stack gap="md">
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …) and add an account.</List.Item>
        <List.Item>Scan the QR code, or type the setup key.</List.Item>
        <List.Item>Type the six-digit code the app then shows.</List.Item>
      </List>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <img src={setup.qr_code} alt="QR code for your authenticator app" width={200} height={200} style={{ background: 'white', borderRadius: 4 }} />
        <Stack gap="sm">
          <TextInput label="Setup key" description="For an app that cannot scan: time-based, SHA-1, 6 digits." value={grouped(setup.setup_key)} readOnly ff="monospace" />
          <form noValidate aria-label="Turn on the authenticator app" onSubmit={(event) => void submit(event)}>
            <Stack gap="sm">
              <TextField control={control} name="code" label="Code from the app" autoComplete="one-time-code" inputMode="numeric" spellCheck={false} />
              <Group>
                <Button type="submit" loading={formState.isSubmitting}>
                  Turn on
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      </SimpleGrid>
      <ErrorAlert message={serverError} />
    </Stack>
  );
}

/** The whole enrolment; `onDone` once the person has seen their recovery codes. */
export function TotpEnrolment({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes !== null) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (setup !== null) return <CodeStep setup={setup} onCodes={setCodes} />;
  return (
    <Stack gap="xs">
      <Text size="sm">An app on your phone shows a new six-digit code every 30 seconds; you type it after your password when you sign in.</Text>
      <PasswordStep onSetup={setSetup} />
    </Stack>
  );
}
