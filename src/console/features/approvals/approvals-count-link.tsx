import { Badge, Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTeamMe } from '../../lib/use-team.ts';
import { approvalQueries } from './approval-api.ts';

// decisions.md D17: an approver sees on every page how many refunds wait for someone else's approval.

export function ApprovalsCountLink() {
  const me = useTeamMe();
  const approver = me?.environments.some((e) => e.permissions.includes('approve:refund')) === true;
  const query = useQuery({ ...approvalQueries.count(), enabled: approver });
  if (!approver) return null;
  const waiting = query.data ?? 0;
  return (
    <Button component={Link} to="/approvals" variant="subtle" aria-label={`Approvals: ${waiting} waiting`} rightSection={<Badge color={waiting > 0 ? 'yellow' : 'gray'} circle>{waiting}</Badge>}>
      Approvals
    </Button>
  );
}
