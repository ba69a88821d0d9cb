import { Badge, Burger, Button, Indicator, NavLink } from '@mantine/core';
import type { BurgerProps } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTeamMe } from '../../lib/use-team.ts';
import { approvalsCountQuery } from './approvals-count-query.ts';

// docs/decisions.md D17: an approver sees on every page how many refunds wait for someone else's
// approval: beside the account in the header, and on a phone on the header's menu button (an icon
// there squeezed the environment chip down to its first letter), with Approvals in the menu itself.

/** Whether this person approves anywhere, and how many requests wait for them (0 until known). */
export function useWaitingApprovals(): { approver: boolean; waiting: number } {
  const me = useTeamMe();
  const approver = me?.environments.some((e) => e.permissions.includes('approve:refund')) === true;
  const query = useQuery({ ...approvalsCountQuery(), enabled: approver });
  return { approver, waiting: query.data ?? 0 };
}

const waitingLabel = (waiting: number) => `Approvals: ${waiting} waiting`;

function WaitingBadge({ waiting }: { waiting: number }) {
  return (
    <Badge color={waiting > 0 ? 'yellow' : 'gray'} circle data-testid="approvals-waiting">
      {waiting}
    </Badge>
  );
}

/** The header's link to the queue, from the size where the header has room for it. */
export function ApprovalsCountLink() {
  const { approver, waiting } = useWaitingApprovals();
  if (!approver) return null;
  return (
    <Button component={Link} to="/approvals" variant="subtle" aria-label={waitingLabel(waiting)} rightSection={<WaitingBadge waiting={waiting} />} visibleFrom="sm">
      Approvals
    </Button>
  );
}

/** The phone's menu button, carrying the count while requests wait. */
export function BurgerWithApprovals({ label, ...props }: BurgerProps & { label: string }) {
  const { approver, waiting } = useWaitingApprovals();
  const shown = approver && waiting > 0;
  return (
    <Indicator label={waiting} size={16} color="yellow.5" styles={{ indicator: { color: 'var(--mantine-color-black)' } }} disabled={!shown} hiddenFrom="sm" data-testid={shown ? 'approvals-waiting-menu' : undefined}>
      <Burger {...props} aria-label={shown ? `${label} (${waitingLabel(waiting)})` : label} />
    </Indicator>
  );
}

/** Approvals in the navigation, for approvers. */
export function ApprovalsNavLink({ active, onClick }: { active: boolean; onClick: () => void }) {
  const { approver, waiting } = useWaitingApprovals();
  if (!approver) return null;
  return (
    <NavLink
      component={Link}
      to="/approvals"
      label="Approvals"
      leftSection={<IconChecklist size={18} />}
      rightSection={waiting > 0 ? <WaitingBadge waiting={waiting} /> : undefined}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
    />
  );
}
