import { Card, Stack, Text, Title } from '@mantine/core';
import { useTeamAuth, useTeamMe } from '../../lib/use-team.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

// docs/accounts.md: `/account`, the signed-in person's own account in team mode: their password and,
// with local sign-in, their second factors. With OpenID Connect the provider holds both.

export function AccountPage() {
  const me = useTeamMe();
  const auth = useTeamAuth();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Your account</Title>
        {me !== null && (
          <Text c="dimmed" size="sm">
            Signed in as {me.email}
          </Text>
        )}
      </Stack>
      {auth === 'local' ? (
        <Card withBorder>
          <Stack gap="sm">
            <Title order={3} size="h4">
              Password
            </Title>
            <ChangePasswordForm />
          </Stack>
        </Card>
      ) : (
        <Text size="sm">This console signs in with your organisation&apos;s sign-in provider: change your password and second factor there.</Text>
      )}
    </Stack>
  );
}
