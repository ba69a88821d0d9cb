import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { createContext, memo, use } from 'react';
import { FIGURE_STYLE } from './field-props.ts';
import type { ItemsSummary as Summary } from './item-totals.ts';
import { summariseItems } from './item-totals.ts';
import type { FormValuesSource } from './use-watch-after-paint.ts';
import { useWatchAfterPaint } from './use-watch-after-paint.ts';

const TOTAL_STYLE = { ...FIGURE_STYLE, textAlign: 'right' } as const;

// The summary's figures change with every keystroke in an amount or a quantity; its Mantine parts
// (the texts, the warning) change only when a line stops or starts counting or the warning comes
// or goes. Re-rendering them per keystroke was costly with 200 items (the warning's Alert most of
// it), so they are memoised on that shape and the figures are
// text nodes that read the summary from a context.
const SummaryFigures = createContext<Summary | null>(null);

const WATCHED = ['items', 'order_data.amount'] as const;

const sameSummary = (a: Summary, b: Summary) => a.total === b.total && a.uncounted === b.uncounted && a.rows === b.rows && a.mismatchWith === b.mismatchWith;

/**
 * The items' sum against order_data.amount, after the keystroke's frame (useWatchAfterPaint: the
 * sum of 200 lines and the warning's running text are not the typed character's work), and
 * re-rendered only when the summary changes.
 */
export function ItemsSummary({ values }: { values: FormValuesSource }) {
  const summary = useWatchAfterPaint(values, WATCHED, (form) => summariseItems(form.items, form.order_data.amount), sameSummary);
  if (summary.rows === 0) return null;
  return (
    <SummaryFigures value={summary}>
      <SummaryBody uncounted={summary.uncounted} mismatch={summary.mismatchWith !== null} />
    </SummaryFigures>
  );
}

const SummaryBody = memo(function SummaryBody({ uncounted, mismatch }: { uncounted: number; mismatch: boolean }) {
  return (
    <Stack gap="xs" align="flex-end" style={{ flex: 1 }}>
      <Text size="sm" data-testid="items-total">
        Items total:{' '}
        <Text span inherit ff="monospace" fw={700} style={TOTAL_STYLE}>
          <Figure of="total" />
        </Text>
        {uncounted > 0 && (
          <Text span inherit c="dimmed">
            {' '}
            ({uncounted} {uncounted === 1 ? 'line' : 'lines'} not counted yet)
          </Text>
        )}
      </Text>
      {mismatch && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Items do not add up to the order amount" maw={520}>
          The items total <Figure of="total" />, the order amount is <Figure of="mismatchWith" />. The service may accept it; check that this is
          what you mean to send.
        </Alert>
      )}
    </Stack>
  );
});

function Figure({ of }: { of: 'total' | 'mismatchWith' }) {
  const summary = use(SummaryFigures);
  return summary?.[of] ?? '';
}
