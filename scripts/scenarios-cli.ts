import { createInterface } from 'node:readline/promises';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { CATALOGUE, selectScenarios } from '../src/scenarios/catalogue.ts';
import { buildReport, exitCodeOf, ordersPlacement } from '../src/scenarios/report-json.ts';
import type { AskPerson } from '../src/scenarios/scenario.ts';
import { runScenarios, RunSetupError } from '../src/scenarios/runner.ts';
import { consoleVersion, gitCommit, writeReports } from './scenarios-files.ts';
import type { Output } from './scenarios-progress.ts';
import { Progress, summaryLine } from './scenarios-progress.ts';

// docs/decisions.md D14: npm run scenarios -- --base-url URL [--token-env VAR] [--only ID,...] [--report DIR] [--interactive]
// Exit 0 when every scenario that ran passed, 1 when one failed, 2 on a usage or connection error.

export const DEFAULT_TOKEN_ENV = 'ORDER_SERVICE_TOKEN';
export const DEFAULT_REPORT_DIR = 'scenario-report';

export const USAGE = `Usage: npm run scenarios -- --base-url URL [--token-env VAR] [--only ID,...] [--report DIR] [--interactive] [--documented-only]

  --base-url URL    the Order Service environment (http or https)
  --token-env VAR   the environment variable holding its token (default ${DEFAULT_TOKEN_ENV});
                    the token is never an argument, so it stays out of shell history and process lists
  --only ID,...     scenario ids or groups (AUTH, CREATE, CHECKOUT, REFUND, RESILIENCE); default all
  --report DIR      where report.html, report.json and junit.xml go (default ${DEFAULT_REPORT_DIR})
  --interactive     wait for a person (Enter) where a step needs the customer or the provider;
                    without it those scenarios are skipped, with that reason
  --documented-only run only the scenarios that check the interface document, leaving out those
                    that check our own assumptions where it is silent (decisions D3-D13)

Exit status: 0 every scenario that ran passed, 1 one failed, 2 usage or connection error.`;

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stderr: Output;
  stdin?: Readable;
}

class UsageError extends Error {}

interface CliOptions {
  baseUrl: string;
  tokenEnv: string;
  only: string[];
  reportDir: string;
  interactive: boolean;
  documentedOnly: boolean;
}

function parseOptions(argv: readonly string[]): CliOptions | 'help' {
  if (argv.some((a) => a === '--token' || a.startsWith('--token='))) {
    throw new UsageError(`the token is read from an environment variable (--token-env, default ${DEFAULT_TOKEN_ENV}), never from an argument`);
  }
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        'base-url': { type: 'string' },
        'token-env': { type: 'string', default: DEFAULT_TOKEN_ENV },
        only: { type: 'string', default: '' },
        report: { type: 'string', default: DEFAULT_REPORT_DIR },
        interactive: { type: 'boolean', default: false },
        'documented-only': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  const baseUrl = values['base-url']?.trim() ?? '';
  if (baseUrl === '') throw new UsageError('--base-url is required');
  if (!/^https?:\/\/[^/\s]+/i.test(baseUrl)) throw new UsageError(`--base-url must be an http(s) URL, got "${baseUrl}"`);
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    tokenEnv: values['token-env'],
    only: values.only.split(','),
    reportDir: values.report,
    interactive: values.interactive,
    documentedOnly: values['documented-only'],
  };
}

function askOnTerminal(io: CliIo, progress: () => Progress | null): AskPerson {
  return async (prompt, signal) => {
    progress()?.clear();
    io.stderr.write(`\n${prompt.scenarioId} needs a person (${prompt.step}):\n  ${prompt.instruction}\n`);
    if (prompt.link !== null) io.stderr.write(`  Open: ${prompt.link}\n`);
    const stdin = io.stdin;
    if (stdin === undefined) return 'skip';
    io.stderr.write('  Press Enter when done, or type s and Enter to skip this scenario: ');
    const rl = createInterface({ input: stdin, terminal: false });
    try {
      const answer = await rl.question('', { signal });
      // A terminal echoed the Enter; piped input did not.
      if (!('isTTY' in stdin && stdin.isTTY === true)) io.stderr.write('\n');
      return answer.trim().toLowerCase().startsWith('s') ? 'skip' : 'done';
    } catch {
      return 'skip';
    } finally {
      rl.close();
    }
  };
}

export async function main(argv: readonly string[], io: CliIo): Promise<0 | 1 | 2> {
  const say = (line: string) => io.stderr.write(`${line}\n`);
  let options: CliOptions | 'help';
  try {
    options = parseOptions(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    say(`scenarios: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    say(USAGE);
    return 0;
  }
  const token = io.env[options.tokenEnv] ?? '';
  if (token.trim() === '') {
    say(`scenarios: set ${options.tokenEnv} to the environment's token (it is read from there, never from an argument)`);
    return 2;
  }
  const selection = selectScenarios(options.only);
  if (!selection.ok) {
    say(`scenarios: unknown in --only: ${selection.unknown.join(', ')}\nKnown: ${CATALOGUE.map((s) => s.id).join(', ')} and the groups`);
    return 2;
  }

  const scenarios = options.documentedOnly ? selection.scenarios.filter((s) => s.basis.kind === 'document') : selection.scenarios;
  if (options.documentedOnly) {
    say(`--documented-only: leaving out ${selection.scenarios.length - scenarios.length} scenarios that check our assumptions, not the interface document`);
  }
  say(`Running ${scenarios.length} scenarios against ${options.baseUrl}`);
  let progress: Progress | null = null;
  let outcome;
  try {
    outcome = await runScenarios({
      baseUrl: options.baseUrl,
      token: token.trim(),
      scenarios,
      ...(options.interactive && { askPerson: askOnTerminal(io, () => progress) }),
      onEvent(event) {
        if (event.type === 'environment') {
          const { sandbox, faults } = event.environment;
          say(sandbox ? `Sandbox detected (control API${faults ? ', fault injection' : ''}): every step automatic` : 'No sandbox control API: steps that need a person are ' + (options.interactive ? 'asked for here' : 'skipped (--interactive asks for them)'));
          say(ordersPlacement(event.environment));
          progress = new Progress(io.stderr, scenarios.length);
        } else if (event.type === 'scenario-started') {
          progress?.started(event.id);
        } else if (event.type === 'scenario-finished') {
          progress?.finished(event.result);
        }
      },
    });
  } catch (error) {
    if (!(error instanceof RunSetupError)) throw error;
    say(`scenarios: ${error.message}`);
    return 2;
  }

  const report = buildReport(outcome, { client: 'cli', consoleVersion: await consoleVersion(), commit: await gitCommit(io.env) });
  const written = await writeReports(options.reportDir, report);
  say(summaryLine(report.summary, outcome.durationMs));
  say(`report: ${written.html}`);
  say(`        ${written.json}`);
  say(`        ${written.junit}`);
  return exitCodeOf(report.summary);
}
