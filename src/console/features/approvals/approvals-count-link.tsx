import { Badge, Button } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTeamMe } from '../../lib/use-team.ts';
import { approvalsCountQuery } from './approvals-count-query.ts';

// docs/decisions.md D17: an approver sees on every page how many refunds wait for someone else's
// approval. On a phone only the icon and the count, so the header's title still fits.

export function ApprovalsCountLink() {
  const me = useTeamMe();
  const approver = me?.environments.some((e) => e.permissions.includes('approve:refund')) === true;
  const query = useQuery({ ...approvalsCountQuery(), enabled: approver });
  if (!approver) return null;
  const waiting = query.data ?? 0;
  const badge = (
    <Badge color={waiting > 0 ? 'yellow' : 'gray'} circle data-testid="approvals-waiting">
      {waiting}
    </Badge>
  );
  const label = `Approvals: ${waiting} waiting`;
  return (
    <>
      <Button component={Link} to="/approvals" variant="subtle" aria-label={label} rightSection={badge} visibleFrom="sm">
        Approvals
      </Button>
      <Button component={Link} to="/approvals" variant="subtle" px={6} aria-label={label} leftSection={<IconChecklist size={18} />} hiddenFrom="sm">
        {waiting}
      </Button>
    </>
  );
}
