import { Alert, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDuration } from '../../../scenarios/report-json.ts';
import type { StepResult } from '../../../scenarios/report-schema.ts';
import type { Scenario } from '../../../scenarios/scenario.ts';
import { ExchangeItem } from './exchange-item.tsx';
import type { LiveScenario } from './use-scenario-run.ts';

function RecordedStep({ step, index, running, baseUrl }: { step: StepResult; index: number; running: boolean; baseUrl: string }) {
  return (
    <Stack gap={4} pt="xs" style={{ borderTop: '1px dashed var(--mantine-color-default-border)' }}>
      <Text size="sm" fw={600}>
        {index + 1}. {step.title}{' '}
        <Text span size="xs" c="dimmed" fw={400}>
          · {running ? 'running…' : `${step.outcome} · ${formatDuration(step.duration_ms)}`}
        </Text>
      </Text>
      {step.checks.length > 0 && (
        <List size="xs" spacing={2} listStyleType="none">
          {step.checks.map((check, i) => (
            <List.Item key={i} c={check.passed ? undefined : 'red'}>
              {check.passed ? '✓ ' : '✗ '}
              {check.expectation}
              {check.passed ? (
                <Text span inherit c="dimmed">
                  {' '}
                  · {check.actual}
                </Text>
              ) : (
                `: expected ${check.expected}; got ${check.actual}`
              )}
            </List.Item>
          ))}
        </List>
      )}
      {step.notes.map((note, i) => (
        <Text key={i} size="xs" c="dimmed">
          {note}
        </Text>
      ))}
      {step.exchanges.map((exchange) => (
        <ExchangeItem key={exchange.seq} exchange={exchange} baseUrl={baseUrl} />
      ))}
    </Stack>
  );
}

/** Why the scenario matters, what it does and expects, and, once run, what happened. */
export function ScenarioDetails({ scenario, live, baseUrl }: { scenario: Scenario; live: LiveScenario | undefined; baseUrl: string }) {
  const message = live?.result?.message ?? null;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {scenario.why}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <div>
          <Title order={4} size="h6">
            Steps
          </Title>
          <List type="ordered" size="sm" spacing={2}>
            {scenario.steps.map((step, i) => (
              <List.Item key={i}>{step}</List.Item>
            ))}
          </List>
        </div>
        <div>
          <Title order={4} size="h6">
            Expectations
          </Title>
          <List size="sm" spacing={2}>
            {scenario.expectations.map((expectation, i) => (
              <List.Item key={i}>{expectation}</List.Item>
            ))}
          </List>
        </div>
      </SimpleGrid>
      {message !== null && (
        <Alert color={live?.status === 'failed' ? 'red' : 'yellow'} variant="light" p="xs">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <strong>{live?.status === 'failed' ? 'Failed: ' : 'Skipped: '}</strong>
            {message}
          </Text>
        </Alert>
      )}
      {live !== undefined && live.steps.length > 0 && (
        <Stack gap="xs">
          <Title order={4} size="h6">
            What happened
          </Title>
          {live.steps.map((step, i) => (
            <RecordedStep key={i} step={step} index={i} running={live.current === step.title && i === live.steps.length - 1} baseUrl={baseUrl} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
