import { Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AccountSetup as Setup } from '../../../contract/account.ts';
import { refreshMe } from '../../lib/team-me.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { AddPasskeyForm } from './passkey-section.tsx';
import { TotpEnrolment } from './totp-enrolment.tsx';

// docs/accounts.md: what a person sees right after signing in while their account has something to do
// (the server refuses everything else meanwhile): a page of its own at /account, without the console's
// navigation, which calls nothing else. Once done, the console opens where work starts.

const INTRO: Readonly<Record<Setup, { title: string; text: string }>> = {
  change_password: {
    title: 'Choose your own password',
    text: 'An admin set the password you signed in with. Choose one only you know before you carry on.',
  },
  enrol_second_factor: {
    title: 'Set up a second factor',
    text: 'Your role needs a second factor: something you have, besides your password. Set one up before you carry on.',
  },
};

export function AccountSetup({ setup, email }: { setup: Setup; email: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (location.pathname !== '/account') void navigate('/account', { replace: true });
  }, [location.pathname, navigate]);

  const finish = async () => {
    const me = await refreshMe();
    if (me !== null && me.setup === undefined) void navigate('/orders', { replace: true });
  };

  return (
    <Center mih="100vh" p="md">
      <Card withBorder maw={560} w="100%" p="xl">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4}>
              <Text fw={700}>Order Console</Text>
              <Title order={1} size="h3">
                {INTRO[setup].title}
              </Title>
            </Stack>
            <form method="post" action="/auth/sign-out">
              <Button type="submit" variant="subtle" size="compact-sm" leftSection={<IconLogout size={16} />}>
                Sign out
              </Button>
            </form>
          </Group>
          <Text size="sm">{INTRO[setup].text}</Text>
          <Text size="sm" c="dimmed">
            Signed in as {email}
          </Text>
          {setup === 'change_password' ? (
            <ChangePasswordForm onChanged={() => void finish()} />
          ) : (
            <>
              <TotpEnrolment onDone={() => void finish()} />
              <Text size="sm" fw={600}>
                Or add a passkey
              </Text>
              <AddPasskeyForm onAdded={() => void finish()} />
            </>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
