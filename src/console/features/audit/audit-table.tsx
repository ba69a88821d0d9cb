import { Anchor, Code, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AuditRow } from '../../../contract/audit.ts';

// One row per recorded action. Everything in it is text someone else supplied (a user agent, a
// request body): React escapes it, and nothing here renders it as HTML.

const body = (value: unknown) => (value === null || (typeof value === 'object' && Object.keys(value).length === 0) ? '' : JSON.stringify(value));

export function AuditTable({ rows }: { rows: readonly AuditRow[] }) {
  return (
    <Table.ScrollContainer minWidth={1280}>
      <Table striped verticalSpacing="xs" aria-label="Audit log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Time (UTC)</Table.Th>
            <Table.Th>User</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Environment</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Order</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Request</Table.Th>
            <Table.Th>Address</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.seq}>
              <Table.Td ff="monospace">{row.seq}</Table.Td>
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {row.at.replace('T', ' ').replace(/\.\d+Z$/, '')}
              </Table.Td>
              <Table.Td>{row.user ?? <Text span c="dimmed">nobody signed in</Text>}</Table.Td>
              <Table.Td>{row.role}</Table.Td>
              <Table.Td>{row.environment}</Table.Td>
              <Table.Td ff="monospace">{row.action}</Table.Td>
              <Table.Td>
                {row.order_id !== null && (
                  <Anchor component={Link} to={`/orders/${encodeURIComponent(row.order_id)}`} ff="monospace" size="sm">
                    {row.order_id}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>{row.outcome}</Table.Td>
              <Table.Td miw={300} maw={420}>
                {/* A long body scrolls inside its cell rather than stretching the row down the page. */}
                <Code block tabIndex={0} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: '7.5em', overflowY: 'auto' }}>
                  {body(row.body)}
                </Code>
              </Table.Td>
              <Table.Td ff="monospace" title={row.user_agent ?? undefined}>
                {row.address}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
