import { Alert, Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useState, useSyncExternalStore } from 'react';
import { consoleApiPaths, meSchema } from '../../../contract/console-api.ts';
import { consoleRequest } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { settleMe } from '../../lib/server-config.ts';
import { refreshMe } from '../../lib/team-me.ts';
import { sessionEndedStore } from '../../app/session-ended.ts';

// Team mode (D16): signing in again in place. Nothing under the dialog is unmounted, so a form keeps
// what was typed; once signed in, what failed is asked again and the form can be sent.

/** Signs in; null when it worked (the console then knows who this is again), else what to tell the person. */
async function signIn(email: string, password: string): Promise<string | null> {
  try {
    // Never journaled: the body holds the password.
    const answer = await consoleRequest(meSchema, { method: 'POST', path: consoleApiPaths.signIn(), body: { email, password } });
    settleMe(answer.data);
    return null;
  } catch (error) {
    const status = error instanceof ApiError ? error.status : undefined;
    if (status === undefined) return 'The console could not be reached. Try again.';
    if (status >= 300) return error instanceof ApiError && error.detail !== undefined ? error.detail : `Sign-in failed (HTTP ${status}).`;
    // Signed in, but the answer did not say who this is: asked once more.
    return (await refreshMe()) === null ? 'Signed in, but the console could not say who you are. Reload the page.' : null;
  }
}

export function SignInAgain({ email }: { email: string | null }) {
  const opened = useSyncExternalStore(sessionEndedStore.subscribe, sessionEndedStore.get, () => false);
  const queryClient = useQueryClient();
  const [typedEmail, setTypedEmail] = useState(email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const failure = await signIn(typedEmail, password);
    setBusy(false);
    if (failure !== null) {
      setError(failure);
      return;
    }
    setPassword('');
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
          <TextInput label="Email" type="email" autoComplete="username" required value={typedEmail} onChange={(e) => setTypedEmail(e.currentTarget.value)} />
          <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Button type="submit" loading={busy}>
            Sign in
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
