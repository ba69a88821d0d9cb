import { Alert, Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useState, useSyncExternalStore } from 'react';
import { consoleApiPaths, signInAnswerSchema } from '../../../contract/console-api.ts';
import { consoleRequest } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { settleMe } from '../../lib/server-config.ts';
import { refreshMe } from '../../lib/team-me.ts';
import { sessionEndedStore } from '../../app/session-ended.ts';

// Team mode (D16): signing in again in place. Nothing under the dialog is unmounted, so a form keeps
// what was typed; once signed in, what failed is asked again and the form can be sent.

/** What a sign-in step came to: signed in, the code asked for next, or what to tell the person. */
type Outcome = { kind: 'signed_in' } | { kind: 'code' } | { kind: 'failed'; message: string };

/** One step of signing in (the password, or the code after it); never journaled: the body holds a secret. */
async function signInStep(path: string, body: unknown): Promise<Outcome> {
  try {
    const answer = (await consoleRequest(signInAnswerSchema, { method: 'POST', path, body })).data;
    if ('second_factor' in answer) return { kind: 'code' };
    settleMe(answer);
    return { kind: 'signed_in' };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : undefined;
    if (status === undefined) return { kind: 'failed', message: 'The console could not be reached. Try again.' };
    if (status >= 300) return { kind: 'failed', message: error instanceof ApiError && error.detail !== undefined ? error.detail : `Sign-in failed (HTTP ${status}).` };
    // Signed in, but the answer did not say who this is: asked once more.
    return (await refreshMe()) === null ? { kind: 'failed', message: 'Signed in, but the console could not say who you are. Reload the page.' } : { kind: 'signed_in' };
  }
}

export function SignInAgain({ email }: { email: string | null }) {
  const opened = useSyncExternalStore(sessionEndedStore.subscribe, sessionEndedStore.get, () => false);
  const queryClient = useQueryClient();
  const [typedEmail, setTypedEmail] = useState(email ?? '');
  const [password, setPassword] = useState('');
  // After the password, an account with a second factor is asked for its code (docs/accounts.md).
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const outcome = askCode ? await signInStep(consoleApiPaths.signInCode(), { code }) : await signInStep(consoleApiPaths.signIn(), { email: typedEmail, password });
    setBusy(false);
    setPassword('');
    setCode('');
    if (outcome.kind === 'code') {
      setAskCode(true);
      setError(null);
      return;
    }
    if (outcome.kind === 'failed') {
      setError(outcome.message);
      return;
    }
    setAskCode(false);
    setError(null);
    sessionEndedStore.set(false);
    // Only what failed is asked again: a write is never resent by itself.
    await queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
  };

  return (
    <Modal opened={opened} onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} title="Your session ended" centered>
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <Text size="sm">Sign in again to carry on. What you typed on this page is kept; send it again once signed in.</Text>
          {error !== null && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {askCode ? (
            <TextInput
              label="Authentication code"
              description="The 6-digit code your authenticator app shows now, or one of your recovery codes."
              autoComplete="one-time-code"
              required
              data-autofocus
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
          ) : (
            <>
              <TextInput label="Email" type="email" autoComplete="username" required value={typedEmail} onChange={(e) => setTypedEmail(e.currentTarget.value)} />
              <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
            </>
          )}
          <Button type="submit" loading={busy}>
            {askCode ? 'Verify' : 'Sign in'}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
