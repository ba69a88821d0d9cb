import { Accordion, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { memo, useState } from 'react';
import { formatDuration } from '../../../scenarios/report-json.ts';
import { GROUP_TITLES, SCENARIO_GROUPS } from '../../../scenarios/report-schema.ts';
import type { Scenario } from '../../../scenarios/scenario.ts';
import { scenarioBasisLabel } from '../../../scenarios/scenario.ts';
import { ScenarioDetails } from './scenario-details.tsx';
import type { LiveScenario, LiveStatus } from './use-scenario-run.ts';

const STATUS_LOOK: Record<LiveStatus, { color: string; label: string }> = {
  waiting: { color: 'gray', label: 'not run' },
  running: { color: 'blue', label: 'running' },
  passed: { color: 'green', label: 'passed' },
  failed: { color: 'red', label: 'failed' },
  skipped: { color: 'yellow', label: 'skipped' },
};

function StatusMark({ status }: { status: LiveStatus }) {
  const look = STATUS_LOOK[status];
  return (
    <Badge color={look.color} variant={status === 'waiting' ? 'outline' : 'light'} w={100} leftSection={status === 'running' ? <Loader size={10} color="blue" /> : undefined}>
      {look.label}
    </Badge>
  );
}

interface ItemProps {
  scenario: Scenario;
  state: LiveScenario | undefined;
  open: boolean;
  baseUrl: string;
}

/** Memoised: a run changes one scenario's state at a time, and only that row re-renders. */
const ScenarioItem = memo(function ScenarioItem({ scenario, state, open, baseUrl }: ItemProps) {
  const status = state?.status ?? 'waiting';
  return (
    <Accordion.Item value={scenario.id} data-scenario={scenario.id} data-status={status}>
      <Accordion.Control aria-label={`${scenario.id} ${scenario.title} (${scenarioBasisLabel(scenario)}): ${STATUS_LOOK[status].label}`}>
        <Group gap="xs" wrap="wrap">
          <StatusMark status={status} />
          <Text ff="monospace" size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {scenario.id}
          </Text>
          <Text size="sm" style={{ flex: '1 1 14rem' }}>
            {scenario.title}
          </Text>
          <Badge
            variant={scenario.basis.kind === 'document' ? 'outline' : 'light'}
            color={scenario.basis.kind === 'document' ? 'gray' : 'orange'}
            tt="none"
            data-testid="scenario-basis"
          >
            {scenarioBasisLabel(scenario)}
          </Badge>
          {state?.result !== undefined && state.result !== null && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatDuration(state.result.duration_ms)}
            </Text>
          )}
        </Group>
      </Accordion.Control>
      {/* Rendered only while open: a full run records a few hundred exchanges. */}
      <Accordion.Panel>{open && <ScenarioDetails scenario={scenario} live={state} baseUrl={baseUrl} />}</Accordion.Panel>
    </Accordion.Item>
  );
});

/** The scenarios by group; each opens to its steps, expectations and recorded exchanges. */
export function ScenarioList({ scenarios, live, baseUrl }: { scenarios: readonly Scenario[]; live: Readonly<Record<string, LiveScenario>>; baseUrl: string }) {
  const [opened, setOpened] = useState<string[]>([]);
  return (
    <Stack gap="lg">
      {SCENARIO_GROUPS.filter((group) => scenarios.some((s) => s.group === group)).map((group) => (
        <section key={group} aria-label={GROUP_TITLES[group]}>
          <Title order={3} size="h5" mb={6}>
            {GROUP_TITLES[group]}
          </Title>
          <Accordion multiple variant="separated" chevronPosition="left" value={opened} onChange={setOpened}>
            {scenarios
              .filter((s) => s.group === group)
              .map((scenario) => (
                <ScenarioItem key={scenario.id} scenario={scenario} state={live[scenario.id]} open={opened.includes(scenario.id)} baseUrl={baseUrl} />
              ))}
          </Accordion>
        </section>
      ))}
    </Stack>
  );
}
