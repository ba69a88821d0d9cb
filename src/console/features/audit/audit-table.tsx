import { Anchor, Code, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AuditRow } from '../../../contract/audit.ts';

// One row per recorded action. Everything in it is text someone else supplied (a user agent, a
// request body): React escapes it, and nothing here renders it as HTML.

const body = (value: unknown) => (value === null || (typeof value === 'object' && Object.keys(value).length === 0) ? '' : JSON.stringify(value));

const DIMMED_LINE = { display: 'block' } as const;

/**
 * Fits a 1280 px window beside the navigation without a sideways scroll: the role goes under the
 * user, the outcome under the action, the time's date over its clock, and long words (an order id,
 * an e-mail) wrap. Narrower than that, the table scrolls inside its box.
 */
export function AuditTable({ rows }: { rows: readonly AuditRow[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="xs" aria-label="Audit log" style={{ overflowWrap: 'anywhere' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Time (UTC)</Table.Th>
            <Table.Th>User and role</Table.Th>
            <Table.Th>Environment</Table.Th>
            <Table.Th>Action and outcome</Table.Th>
            <Table.Th>Order</Table.Th>
            <Table.Th>Request</Table.Th>
            <Table.Th>Address</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const [date, time] = row.at.replace(/\.\d+Z$/, '').split('T');
            return (
              <Table.Tr key={row.seq}>
                <Table.Td ff="monospace">{row.seq}</Table.Td>
                <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {date} <span style={DIMMED_LINE}>{time}</span>
                </Table.Td>
                <Table.Td miw={140}>
                  {row.user ?? <Text span c="dimmed">nobody signed in</Text>}
                  {row.role !== null && (
                    <Text span size="xs" c="dimmed" style={DIMMED_LINE}>
                      {row.role}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{row.environment}</Table.Td>
                <Table.Td>
                  <Text span ff="monospace" size="sm" style={{ overflowWrap: 'normal', wordBreak: 'normal' }}>
                    {row.action}
                  </Text>
                  <Text span size="xs" c="dimmed" style={DIMMED_LINE}>
                    {row.outcome}
                  </Text>
                </Table.Td>
                <Table.Td maw={150}>
                  {row.order_id !== null && (
                    <Anchor component={Link} to={`/orders/${encodeURIComponent(row.order_id)}`} ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
                      {row.order_id}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td miw={220}>
                  {/* A long body scrolls inside its cell rather than stretching the row down the page. */}
                  <Code block tabIndex={0} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: '7.5em', overflowY: 'auto' }}>
                    {body(row.body)}
                  </Code>
                </Table.Td>
                <Table.Td ff="monospace" title={row.user_agent ?? undefined}>
                  {row.address}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
