import { Button, List, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { CheckedRow } from '../../../bulk/checks.ts';
import type { IndexedOrder } from '../../../contract/order-index.ts';
import { IndexedOrderFacts } from '../order-index/indexed-order-facts.tsx';

interface Props {
  rows: CheckedRow[];
  /** Team mode: the index's records of the rows' orders (external id, customer, amounts now). */
  indexed?: ReadonlyMap<string, IndexedOrder>;
  onEdit: (key: string, patch: { amount?: string; reason?: string }) => void;
  onDrop: (key: string) => void;
}

/** The file's rows as checked: each says what is wrong with it, and can be fixed or dropped here. */
export function ReviewTable({ rows, indexed, onEdit, onDrop }: Props) {
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped verticalSpacing="xs" aria-label="Rows of the file">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Order</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Refund</Table.Th>
            <Table.Th>Check</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td ff="monospace" fz="xs">
                {row.problems.some((p) => p.startsWith('order_id')) ? row.order_id || '—' : <Link to={`/orders/${encodeURIComponent(row.order_id)}`}>{row.order_id}</Link>}
                <IndexedOrderFacts record={indexed?.get(row.order_id.toLowerCase())} />
              </Table.Td>
              <Table.Td w={130}>
                <TextInput
                  size="xs"
                  aria-label={`Amount, line ${row.line}`}
                  name={`rows.${index}.amount`}
                  value={row.amount}
                  onChange={(event) => onEdit(row.key, { amount: event.currentTarget.value })}
                  autoComplete="off"
                />
              </Table.Td>
              <Table.Td miw={180}>
                <TextInput
                  size="xs"
                  aria-label={`Reason, line ${row.line}`}
                  name={`rows.${index}.reason`}
                  value={row.reason}
                  onChange={(event) => onEdit(row.key, { reason: event.currentTarget.value })}
                  autoComplete="off"
                />
                {/* The refund dialog's rule: a text off the list goes as Other with it as its note; say so before it is sent. */}
                {row.reasonAs !== null && row.reasonAs !== row.reason && (
                  <Text size="xs" c="dimmed" mt={2}>
                    Sent as: {row.reasonAs}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ff="monospace">{row.refund ?? '—'}</Table.Td>
              <Table.Td>
                {row.problems.length === 0 ? (
                  <Text size="sm" c="var(--mantine-color-green-light-color)" fw={500}>
                    Ready
                  </Text>
                ) : (
                  <List size="sm" c="var(--mantine-color-error)" aria-label={`Problems, line ${row.line}`}>
                    {row.problems.map((problem) => (
                      <List.Item key={problem}>{problem}</List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
              <Table.Td>
                <Button variant="subtle" color="red" size="xs" onClick={() => onDrop(row.key)} aria-label={`Drop line ${row.line}`}>
                  Drop
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
