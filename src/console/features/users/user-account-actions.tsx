import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { ResetLink } from '../../../contract/account.ts';
import type { UserSummary } from '../../../contract/users.ts';
import { UserAccountMenu } from './user-account-menu.tsx';
import { useRemoveSecondFactor, useRemoveUser, useResetLink } from './users-api.ts';

// docs/accounts.md: the Users page's account actions. A reset link is shown here once (the console keeps
// only its hash); removing a person asks first and says what stays (their name in the audit log).

const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

function ResetLinkAlert({ email, link, onClose }: { email: string; link: ResetLink; onClose: () => void }) {
  return (
    <Alert color="blue" variant="light" title={`Reset link for ${email}`} role="status" withCloseButton closeButtonLabel="Close the link" onClose={onClose}>
      <Stack gap="xs">
        <Text size="sm">
          Give it to {email} yourself. It works once, until {time(link.expires_at)}; a newer link ends this one. It is shown only now: the console keeps
          no copy it could show again.
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code style={{ overflowWrap: 'anywhere', flex: 1 }}>
            {link.link}
          </Code>
          <CopyButton value={link.link} timeout={1500}>
            {({ copied, copy }) => (
              <ActionIcon variant="default" onClick={copy} aria-label={copied ? 'Copied' : 'Copy the link'} title={copied ? 'Copied' : 'Copy the link'}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

type Confirming = { kind: 'remove' | 'second_factor'; user: UserSummary };

const CONFIRM = {
  remove: {
    title: (email: string) => `Remove ${email}?`,
    text: 'Their sessions end now and they can no longer sign in. The audit log and past approvals keep their name; the address can be added again later as a new account.',
    button: 'Remove',
  },
  second_factor: {
    title: (email: string) => `Remove the second factor of ${email}?`,
    text: 'For someone who lost their authenticator: its codes, their recovery codes and their passkeys stop working. They sign in with their password, and set up a second factor again if their role needs one.',
    button: 'Remove second factor',
  },
} as const;

/** The row menu and what it opens: a reset link to hand over, a removal to confirm, and refusals. */
export function useUserAccountActions(): { more: (user: UserSummary) => ReactNode; panels: ReactNode } {
  const resetLink = useResetLink();
  const remove = useRemoveUser();
  const removeSecondFactor = useRemoveSecondFactor();
  const [link, setLink] = useState<{ email: string; link: ResetLink } | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const error = resetLink.error ?? remove.error ?? removeSecondFactor.error;
  const busy = resetLink.isPending || remove.isPending || removeSecondFactor.isPending;
  const clear = () => {
    resetLink.reset();
    remove.reset();
    removeSecondFactor.reset();
    setLink(null);
  };

  const more = (user: UserSummary) => (
    <UserAccountMenu
      user={user}
      disabled={busy}
      onResetPassword={(target) => {
        clear();
        resetLink.mutate(target.email, { onSuccess: (answer) => setLink({ email: target.email, link: answer }) });
      }}
      onRemoveSecondFactor={(target) => {
        clear();
        setConfirming({ kind: 'second_factor', user: target });
      }}
      onRemove={(target) => {
        clear();
        setConfirming({ kind: 'remove', user: target });
      }}
    />
  );

  const confirm = () => {
    if (confirming === null) return;
    const done = { onSettled: () => setConfirming(null) };
    if (confirming.kind === 'remove') remove.mutate(confirming.user.email, done);
    else removeSecondFactor.mutate(confirming.user.email, done);
  };

  const panels = (
    <>
      {link !== null && <ResetLinkAlert email={link.email} link={link.link} onClose={() => setLink(null)} />}
      {error !== null && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Not done" role="alert">
          <Text size="sm">{error.message}</Text>
        </Alert>
      )}
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={confirming === null ? '' : CONFIRM[confirming.kind].title(confirming.user.email)} centered>
        <Stack gap="md">
          <Text size="sm">{confirming === null ? '' : CONFIRM[confirming.kind].text}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending || removeSecondFactor.isPending} onClick={confirm}>
              {confirming === null ? '' : CONFIRM[confirming.kind].button}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
  return { more, panels };
}
