import { Alert, Button, Checkbox, Code, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPlayerPlay, IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { ordersPlacement } from '../../../scenarios/report-json.ts';
import { getToken } from '../../lib/environments.ts';
import { useActiveEnvironment } from '../../lib/use-environment.ts';
import { useIsTeamMode, usePermission } from '../../lib/use-team.ts';
import { PersonPromptAlert } from './person-prompt.tsx';
import { downloadReport } from './report-download.ts';
import { ScenarioList } from './scenario-list.tsx';
import { ALL, ScenarioPicker, scenariosFor } from './scenario-picker.tsx';
import { useScenarioRun } from './use-scenario-run.ts';
import { useServerScenarioRun } from './use-server-scenario-run.ts';

// docs/decisions.md D14: the sign-off scenarios, run from the console against the active environment.
// In team mode the console server runs them with the environment's token (use-server-scenario-run.ts).

export function ScenariosPage() {
  const environment = useActiveEnvironment();
  const baseUrl = environment.baseUrl === '' ? window.location.origin : environment.baseUrl.replace(/\/+$/, '');
  const [choice, setChoice] = useState(ALL);
  const [productionConfirmed, setProductionConfirmed] = useState(false);
  const [documentedOnly, setDocumentedOnly] = useState(false);
  const team = useIsTeamMode();
  const inBrowser = useScenarioRun();
  const onServer = useServerScenarioRun(environment.id, team);
  const { state, run, stop, answer } = team ? onServer : inBrowser;
  const { phase } = state;
  const running = phase.kind === 'running';

  // Team mode: the server holds the token; the browser sends none.
  const target = () => ({ baseUrl, token: team ? '' : getToken(environment.id) });
  // A sign-off can hold the service to the document alone, leaving our assumptions out.
  const selected = scenariosFor(choice).filter((s) => !documentedOnly || s.basis.kind === 'document');
  // While running, the run's scenarios; otherwise the selection, with the last results where it has them.
  const listed = running ? state.scenarios : selected;

  const runIds = new Set(state.scenarios.map((s) => s.id));
  const lives = Object.entries(state.live).filter(([id]) => runIds.has(id)).map(([, live]) => live);
  const count = (status: string) => lives.filter((l) => l.status === status).length;
  const done = count('passed') + count('failed') + count('skipped');
  const failed = phase.kind === 'finished' ? state.scenarios.filter((s) => state.live[s.id]?.status === 'failed') : [];
  // Team mode keeps production out: its refunds need a second person's approval, which scenarios cannot wait for.
  const permitted = usePermission(environment.id, 'run:scenarios');
  const mayRun = team ? !environment.production && permitted.allowed : !environment.production || productionConfirmed;

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Scenarios</Title>
        <Text c="dimmed" size="sm" maw={760}>
          Numbered checks that show the environment behaves as the interface and our decisions say, with a report to attach to a
          sign-off. They create their own orders with unique ids and touch nothing else.
        </Text>
      </div>

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text size="sm">
            Environment: <strong>{environment.name}</strong> <Code>{baseUrl}</Code>
            {state.environment !== null && (
              <Text span size="sm" c="dimmed">
                {' '}
                · {state.environment.sandbox ? `sandbox${state.environment.faults ? ' with fault injection' : ''}: every step automatic` : 'no sandbox control API: some steps ask you to act'}
              </Text>
            )}
          </Text>
          {state.environment !== null && (
            <Text size="sm" c="dimmed" data-testid="scenario-orders-placement">
              {ordersPlacement(state.environment)}
            </Text>
          )}
          {!permitted.allowed && (
            <Alert color="gray" variant="light" title="Not for your role">
              {permitted.reason}
            </Alert>
          )}
          {environment.production && team && (
            <Alert color="yellow" variant="light" title="Not in a production environment">
              The console runs scenarios only where refunds need no second person: sign an environment off before it goes live.
            </Alert>
          )}
          {environment.production && !team && (
            <Alert color="red" variant="light" title="This is a production environment">
              <Checkbox
                label="I understand the scenarios create real orders here (and refund those a person approves)"
                checked={productionConfirmed}
                onChange={(e) => setProductionConfirmed(e.currentTarget.checked)}
              />
            </Alert>
          )}
          <Group align="flex-end" gap="sm">
            <ScenarioPicker value={choice} onChange={setChoice} disabled={running} />
            <Checkbox
              label="Only what the interface document states (leave out our assumptions)"
              checked={documentedOnly}
              onChange={(e) => setDocumentedOnly(e.currentTarget.checked)}
              disabled={running}
              mb={8}
            />
            {running ? (
              <Button color="red" variant="light" leftSection={<IconPlayerStop size={16} />} onClick={stop} loading={state.stopping}>
                Stop
              </Button>
            ) : (
              <Button leftSection={<IconPlayerPlay size={16} />} disabled={!mayRun || selected.length === 0} onClick={() => void run(selected, target())}>
                Run {selected.length === 1 ? selected[0]?.id : `${selected.length} scenarios`}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>

      {state.prompt !== null && <PersonPromptAlert prompt={state.prompt} onAnswer={answer} />}

      {phase.kind === 'setup-failed' && (
        <Alert color="red" variant="light" title="The run could not start" role="alert">
          {phase.message}
        </Alert>
      )}

      {(running || phase.kind === 'finished') && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" role="status" aria-live="polite">
                {running ? 'Running: ' : 'Finished: '}
                {done} of {state.scenarios.length} done · {count('passed')} passed · {count('failed')} failed · {count('skipped')} skipped
                {phase.kind === 'finished' && ` in ${(phase.outcome.durationMs / 1000).toFixed(1)} s`}
              </Text>
              {phase.kind === 'finished' && (
                <Group gap="xs">
                  {failed.length > 0 && (
                    <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} disabled={!mayRun} onClick={() => void run(failed, target(), { outcome: phase.outcome, scenarios: state.scenarios })}>
                      Re-run failed ({failed.length})
                    </Button>
                  )}
                  <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} onClick={() => downloadReport(phase.outcome, 'html')}>
                    Download report.html
                  </Button>
                  <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} onClick={() => downloadReport(phase.outcome, 'json')}>
                    Download report.json
                  </Button>
                </Group>
              )}
            </Group>
            <Progress
              value={state.scenarios.length === 0 ? 0 : (done / state.scenarios.length) * 100}
              color={count('failed') > 0 ? 'red' : 'teal'}
              animated={running}
              aria-label="Scenarios done"
            />
          </Stack>
        </Paper>
      )}

      <ScenarioList scenarios={listed} live={state.live} baseUrl={baseUrl} />
    </Stack>
  );
}
