import { createContext } from './context.ts';
import type { Scenario, ScenarioResult } from './report.ts';
import { emptyResult, passed, printResult } from './report.ts';
import { killNine } from './scenarios/kill-9.ts';
import { lostAnswers } from './scenarios/lost-answers.ts';
import { refundBurst } from './scenarios/refund-burst.ts';
import { refusalHistory } from './scenarios/refusal-history.ts';
import { startupFaults } from './scenarios/startup-faults.ts';
import { sustainedLoad } from './scenarios/sustained-load.ts';
import { teamPostgres } from './scenarios/team-postgres.ts';
import { tokenTiming } from './scenarios/token-timing.ts';

// `npm run stress`: long reliability runs against the sandbox on 127.0.0.1. Each scenario
// prints the load it held, the faults it injected and what was lost; the run exits non-zero when
// anything was lost, any answer was a 5xx, or a scenario did not finish within its budget.
// `npm run stress -- --only "lost answers,kill -9"` runs the scenarios whose names contain one of
// the given parts (case-insensitive).

const SCENARIOS: Scenario[] = [
  refundBurst({ name: '200 concurrent refunds on one order', orders: 1, refundsPerOrder: 200, initial: '1000.00', maxCents: 2000 }),
  refundBurst({ name: '1,000 concurrent refunds on 25 orders', orders: 25, refundsPerOrder: 40, initial: '100.00', maxCents: 1000 }),
  sustainedLoad,
  lostAnswers,
  killNine,
  startupFaults,
  tokenTiming,
  teamPostgres,
  refusalHistory,
];

async function withinBudget(scenario: Scenario, run: () => Promise<ScenarioResult>): Promise<ScenarioResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ScenarioResult>((resolve) => {
    timer = setTimeout(() => {
      const result = emptyResult(scenario.name);
      result.lost.push(`did not finish within ${scenario.budgetMs / 1000} s`);
      resolve(result);
    }, scenario.budgetMs);
  });
  try {
    return await Promise.race([run(), timeout]);
  } catch (error) {
    const result = emptyResult(scenario.name);
    result.lost.push(`the scenario failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return result;
  } finally {
    clearTimeout(timer);
  }
}

/** The request log of every sandbox process of the run: no 5xx line, no internal error, no token. */
function serverLogResult(output: string, tokens: readonly string[]): ScenarioResult {
  const result = emptyResult('server log of the whole run');
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  const requests = lines.filter((line) => /^[A-Z]+ \/\S* \d{3} \d+ms$/.test(line));
  const failures = lines.filter((line) => line.startsWith('ERROR') || / 5\d\d \d+ms$/.test(line));
  result.load.push(`${lines.length} lines printed by the sandbox processes, ${requests.length} of them request lines`);
  result.serverErrors = failures.length;
  result.lost.push(...failures.slice(0, 10).map((line) => `logged: ${line}`));
  for (const token of tokens) if (output.includes(token)) result.lost.push('a token appears in the server output');
  result.figures.push('searched for both tokens: ' + (result.lost.some((l) => l.includes('token')) ? 'FOUND' : 'not found'));
  return result;
}

function selectedScenarios(args: readonly string[]): Scenario[] {
  const at = args.indexOf('--only');
  if (at === -1) return SCENARIOS;
  const parts = (args[at + 1] ?? '').split(',').map((part) => part.trim().toLowerCase()).filter((part) => part !== '');
  const chosen = SCENARIOS.filter((s) => parts.some((part) => s.name.toLowerCase().includes(part)));
  if (chosen.length === 0) throw new Error(`--only ${args[at + 1] ?? ''} matches no scenario; they are: ${SCENARIOS.map((s) => s.name).join('; ')}`);
  return chosen;
}

async function main(): Promise<void> {
  const scenarios = selectedScenarios(process.argv.slice(2));
  const started = performance.now();
  console.info('Stress run: the sandbox (src/server/main.ts) in a child process on 127.0.0.1 with a fresh data directory');
  const context = await createContext();
  const results: ScenarioResult[] = [];
  try {
    console.info(`sandbox listening on ${context.server.url}, data directory ${context.dataDir}`);
    for (const scenario of scenarios) {
      const scenarioStarted = performance.now();
      const result = await withinBudget(scenario, () => scenario.run(context));
      printResult(result, performance.now() - scenarioStarted);
      results.push(result);
    }
    results.push(serverLogResult(context.serverOutput(), [context.token, context.otherToken]));
    printResult(results.at(-1) ?? emptyResult('server log'), 0);
  } finally {
    await context.close();
  }
  const failed = results.filter((r) => !passed(r));
  console.info(`\n${results.length - failed.length} of ${results.length} scenarios passed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (failed.length > 0) {
    console.error(`FAILED: ${failed.map((r) => r.name).join('; ')}`);
    process.exitCode = 1;
  }
}

await main();
