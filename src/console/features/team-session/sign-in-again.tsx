import { Alert, Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useState, useSyncExternalStore } from 'react';
import { refreshMe } from '../../lib/server-config.ts';
import { sessionEndedStore } from '../../app/session-ended.ts';

// Team mode (D16): signing in again in place. Nothing under the dialog is unmounted, so a form keeps
// what was typed; once signed in, what failed is asked again and the form can be sent.

async function signIn(email: string, password: string): Promise<string | null> {
  try {
    const response = await fetch('/auth/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ email, password }),
    });
    if (response.ok) return null;
    const body: unknown = await response.json().catch(() => null);
    const detail = typeof body === 'object' && body !== null && 'detail' in body && typeof body.detail === 'string' ? body.detail : null;
    return detail ?? `Sign-in failed (HTTP ${response.status}).`;
  } catch {
    return 'The console could not be reached. Try again.';
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
    await refreshMe();
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
