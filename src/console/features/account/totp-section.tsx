import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorAlert } from './error-alert.tsx';
import { useState } from 'react';
import type { Account } from '../../../contract/account.ts';
import { useTotpRemove } from './account-api.ts';
import { TotpEnrolment } from './totp-enrolment.tsx';

// docs/accounts.md: /account's authenticator app: on (how many recovery codes are left, turn it off) or
// off (set one up).

export function TotpSection({ account }: { account: Account }) {
  const remove = useTotpRemove();
  const [enrolling, setEnrolling] = useState(false);
  const [confirming, setConfirming] = useState(false);

  // Once on, the account says so before the person has seen the recovery codes: the enrolment stays until Done.
  if (enrolling) return <TotpEnrolment onDone={() => setEnrolling(false)} />;
  if (!account.totp.enabled) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Not set up. After your password, sign-in then asks for a code from an app on your phone.</Text>
        <Button variant="default" onClick={() => setEnrolling(true)}>
          Set up an authenticator app
        </Button>
      </Stack>
    );
  }
  const left = account.totp.recovery_codes_left;
  return (
    <Stack gap="xs" align="flex-start">
      <Group gap="xs">
        <Badge color="green" variant="light">
          On
        </Badge>
        <Text size="sm">
          {left} recovery code{left === 1 ? '' : 's'} left{left <= 3 ? ': turn the app off and on again for new ones.' : '.'}
        </Text>
      </Group>
      <Button variant="light" color="red" onClick={() => setConfirming(true)}>
        Turn off
      </Button>
      <ErrorAlert message={remove.error?.message} />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Turn off the authenticator app?" centered>
        <Stack gap="md">
          <Text size="sm">
            Its codes and your recovery codes stop working.
            {account.second_factor_required ? ' Your role needs a second factor: you will be asked to set one up again right away.' : ''}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}>
              Turn off
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
