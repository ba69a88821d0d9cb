import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { ResetLink } from '../../../contract/account.ts';
import type { UserSummary } from '../../../contract/users.ts';
import { UserAccountMenu } from './user-account-menu.tsx';
import { useRemoveUser, useResetLink } from './users-api.ts';

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

/** The row menu and what it opens: a reset link to hand over, a removal to confirm, and refusals. */
export function useUserAccountActions(): { more: (user: UserSummary) => ReactNode; panels: ReactNode } {
  const resetLink = useResetLink();
  const remove = useRemoveUser();
  const [link, setLink] = useState<{ email: string; link: ResetLink } | null>(null);
  const [removing, setRemoving] = useState<UserSummary | null>(null);
  const error = resetLink.error ?? remove.error;

  const more = (user: UserSummary) => (
    <UserAccountMenu
      user={user}
      disabled={resetLink.isPending || remove.isPending}
      onResetPassword={(target) => {
        remove.reset();
        setLink(null);
        resetLink.mutate(target.email, { onSuccess: (answer) => setLink({ email: target.email, link: answer }) });
      }}
      onRemove={(target) => {
        resetLink.reset();
        setRemoving(target);
      }}
    />
  );

  const panels = (
    <>
      {link !== null && <ResetLinkAlert email={link.email} link={link.link} onClose={() => setLink(null)} />}
      {error !== null && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Not done" role="alert">
          <Text size="sm">{error.message}</Text>
        </Alert>
      )}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={removing === null ? '' : `Remove ${removing.email}?`} centered>
        <Stack gap="md">
          <Text size="sm">
            Their sessions end now and they can no longer sign in. The audit log and past approvals keep their name; the address can be added again later as
            a new account.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => {
                if (removing !== null) remove.mutate(removing.email, { onSettled: () => setRemoving(null) });
              }}
            >
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
  return { more, panels };
}
