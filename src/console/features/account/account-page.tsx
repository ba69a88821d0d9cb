import { Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { ErrorAlert } from './error-alert.tsx';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Account } from '../../../contract/account.ts';
import { useTeamAuth, useTeamMe } from '../../lib/use-team.ts';
import { accountQueries } from './account-api.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { PasskeySection } from './passkey-section.tsx';
import { TotpSection } from './totp-section.tsx';

// docs/accounts.md: `/account`, the signed-in person's own account in team mode: their password and,
// with local sign-in, their second factors. With OpenID Connect the provider holds both.

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Loaded({ children }: { children: (account: Account) => ReactNode }) {
  const account = useQuery(accountQueries.account());
  if (account.error !== null) {
    return (
      <ErrorAlert message={account.error.message} />
    );
  }
  if (account.data === undefined) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading your account" />
      </Center>
    );
  }
  return children(account.data);
}

function LocalAccount() {
  return (
    <>
      <Section title="Password">
        <ChangePasswordForm />
      </Section>
      <Section title="Authenticator app">
        <Loaded>{(account) => <TotpSection account={account} />}</Loaded>
      </Section>
      <Section title="Passkeys">
        <Loaded>{(account) => <PasskeySection account={account} />}</Loaded>
      </Section>
    </>
  );
}

export function AccountPage() {
  const me = useTeamMe();
  const auth = useTeamAuth();
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={2}>Your account</Title>
        {me !== null && (
          <Text c="dimmed" size="sm">
            Signed in as {me.email}
          </Text>
        )}
      </Stack>
      {auth === 'local' ? (
        <LocalAccount />
      ) : (
        <Text size="sm">This console signs in with your organisation&apos;s sign-in provider: change your password and second factor there.</Text>
      )}
    </Stack>
  );
}
