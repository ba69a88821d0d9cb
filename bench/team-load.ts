import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { grantSchema } from '../src/contract/grants.ts';
import { openDatabase } from '../src/db/store-open.ts';
import { auditKeyFromText } from '../src/server/audit/audit-key.ts';
import { verifyAuditChain } from '../src/server/audit/audit-verify.ts';
import { openConsoleDb } from '../src/server/console-db.ts';
import { hashPassword } from '../src/server/passwords.ts';
import { addUser } from '../src/server/users.ts';
import type { MainProcess } from '../src/sandbox/testing/child.ts';
import { freePort, runCommand, spawnMain, waitForListening } from '../src/sandbox/testing/child.ts';
import { startThrowawayPostgres } from '../src/sandbox/testing/postgres-server.ts';
import type { AuditKnee } from './audit-knee.ts';
import { measureAuditKnee } from './audit-knee.ts';
import { REPO_ROOT } from './build.ts';
import { processCpuMs } from './child.ts';
import type { Person, Tally } from './team-load-agents.ts';
import { actAsPerson, Dealer, newTally } from './team-load-agents.ts';
import type { Sample } from './team-load-client.ts';
import { PersonClient } from './team-load-client.ts';
import { auditProblems, seedOrders } from './team-load-seed.ts';
import type { Figure } from './report.ts';
import { formatTable } from './report.ts';
import { teamLoadFigures } from './team-load-figures.ts';

// A team at work (issue 53, budget 5): agents and approvers, each signed in once with their own
// account, working through two console processes (src/server/main.ts, as deployed: team mode, local
// sign-in) that share one PostgreSQL for the console's database and the sandbox's (fsync and
// synchronous commit on). Everything on 127.0.0.1, every request bounded in time, the run in time.
// After the run the audit log is read back: every refund sent is in it exactly once with its outcome,
// and its chain verifies. Then the audit's appends a second at a growing number of writers
// (audit-knee.ts). `npx tsx bench/team-load.ts [--quick] [--no-build]`; `--quick` is a shorter run
// for trying a change, not the budget's.

export interface TeamLoadOptions {
  /** People in all; `approvers` of them approve instead of asking for approval. */
  people: number;
  approvers: number;
  seconds: number;
  /** The mean pause between one person's actions. */
  thinkMs: number;
  /** Orders seeded through the console before the run (a fifth of them for approvals). */
  orders: number;
  kneeStepMs: number;
  /** `npm run build` first (the server renders its pages from dist/ and dist-ssr/). */
  build: boolean;
}

export const FULL_RUN: TeamLoadOptions = { people: 50, approvers: 10, seconds: 300, thinkMs: 1_500, orders: 500, kneeStepMs: 5_000, build: true };
export const QUICK_RUN: TeamLoadOptions = { ...FULL_RUN, seconds: 45, orders: 200, kneeStepMs: 2_000 };

const THRESHOLD = '100.00';
const OVER_THRESHOLD = '120.00';
const PASSWORD = 'bench-team-load-password-31415';
const SANDBOX_TOKEN = 'bench-team-load-sandbox-token';
/** Sign-ins at once: each counts against the address's limit until its password is checked. */
const SIGN_IN_CONCURRENCY = 4;

export interface TeamLoadResult {
  options: TeamLoadOptions;
  samples: Sample[];
  tally: Tally;
  /** Wall time of the measured run, ms. */
  ranMs: number;
  /** Audit rows the run appended, and what reading them back found wrong. */
  auditRows: number;
  auditProblems: string[];
  intents: { refunds: number; with: number };
  chain: string;
  knee: AuditKnee;
  load: { before: number; after: number; cpus: number };
  /** CPU time of the two console processes and of this process (the people) over the run, ms. */
  cpu: { consoleMs: number; clientMs: number };
  /** Lines each console process wrote to stderr (errors), at most a few. */
  serverErrors: string[];
}

async function stopMain(main: MainProcess): Promise<void> {
  if (main.child.exitCode === null && main.child.signalCode === null) main.child.kill('SIGTERM');
  const timer = setTimeout(() => main.child.kill('SIGKILL'), 20_000);
  await main.exited;
  clearTimeout(timer);
}

export async function measureTeamLoad(options: TeamLoadOptions, log: (line: string) => void): Promise<TeamLoadResult> {
  if (options.build) {
    log('team-load: npm run build (the server renders its pages from dist/ and dist-ssr/)');
    const built = await runCommand('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT });
    if (built.code !== 0) throw new Error(`npm run build failed: ${built.stderr.slice(-2000)}`);
  }
  const postgres = await startThrowawayPostgres({ durable: true });
  const dir = mkdtempSync(join(tmpdir(), 'bench-team-load-'));
  const mains: MainProcess[] = [];
  const clients: PersonClient[] = [];
  try {
    const consoleDb = await postgres.createDatabase('console');
    const sandboxDb = await postgres.createDatabase('sandbox');
    const keyText = randomBytes(32).toString('base64url');
    const environments = join(dir, 'environments.json');
    writeFileSync(environments, JSON.stringify([{ id: 'sandbox', name: 'Sandbox', production: false, approval_threshold: THRESHOLD }]));

    // The accounts, added as `npm run users` would: one password hashed once (each person signs in with it).
    const people = Array.from({ length: options.people }, (_, i) => ({ email: `${i < options.approvers ? 'approver' : 'agent'}-${i}@bench.example`, approver: i < options.approvers }));
    const db = await openConsoleDb(consoleDb);
    try {
      const hash = await hashPassword(PASSWORD);
      for (const person of [...people, { email: 'seeder@bench.example', approver: false }]) {
        await addUser(db, { email: person.email, grants: [grantSchema.parse(person.approver ? 'approver' : 'agent')], passwordHash: hash });
      }
    } finally {
      await db.close();
    }

    for (let i = 0; i < 2; i++) {
      mains.push(
        spawnMain({
          HOST: '127.0.0.1',
          PORT: String(await freePort()),
          CONSOLE_AUTH: 'local',
          CONSOLE_DATABASE_URL: consoleDb,
          CONSOLE_ENVIRONMENTS: environments,
          CONSOLE_AUDIT_KEY: keyText,
          CONSOLE_AUDIT_CHECKPOINT_FILE: join(dir, `checkpoint-${i}.json`),
          SANDBOX_DATABASE_URL: sandboxDb,
          SANDBOX_TOKENS: SANDBOX_TOKEN,
        }),
      );
    }
    const origins = await Promise.all(mains.map((main) => waitForListening(main, 180_000)));
    log(`team-load: two console processes on one PostgreSQL (${origins.join(', ')})`);

    const samples: Sample[] = [];
    const record = (sample: Sample) => samples.push(sample);
    const intl = 'en-GB|Europe/Prague';
    const seeder = new PersonClient({ origins, record: () => undefined, intl });
    clients.push(seeder);
    await seeder.signIn(0, 'seeder@bench.example', PASSWORD);
    const pools = await seedOrders(seeder, options.orders, (done) => log(`team-load: seeded ${done} of ${options.orders} orders`));

    const persons: Person[] = people.map((p, i) => {
      const client = new PersonClient({ origins, record, intl });
      clients.push(client);
      return { ...p, client, home: i % 2 };
    });
    let next = 0;
    await Promise.all(
      Array.from({ length: SIGN_IN_CONCURRENCY }, async () => {
        for (let i = next++; i < persons.length; i = next++) {
          const person = persons[i];
          if (person !== undefined) await person.client.signIn(person.home, person.email, PASSWORD);
        }
      }),
    );
    log(`team-load: ${persons.length} people signed in; running ${options.seconds} s`);

    const audit = await openDatabase(consoleDb, { max: 2 });
    const rowsBefore = await countAudit(audit);
    const tally = newTally();
    const dealer = new Dealer(pools);
    const loadBefore = loadavg()[0] ?? 0;
    const consoleCpu = () => mains.reduce((sum, main) => sum + (processCpuMs(main.child.pid) ?? Number.NaN), 0);
    const cpuBefore = { console: consoleCpu(), client: process.cpuUsage() };
    const started = performance.now();
    const until = Date.now() + options.seconds * 1000;
    await Promise.all(persons.map((person) => actAsPerson(person, dealer, tally, { pools, thinkMs: options.thinkMs, until, overThreshold: OVER_THRESHOLD })));
    const ranMs = performance.now() - started;
    const clientUsed = process.cpuUsage(cpuBefore.client);
    const cpu = { consoleMs: consoleCpu() - cpuBefore.console, clientMs: (clientUsed.user + clientUsed.system) / 1000 };
    const loadAfter = loadavg()[0] ?? 0;
    log('team-load: run over; reading the audit log back');

    let checked;
    let chain;
    let auditRows;
    try {
      checked = await auditProblems(audit, tally);
      const verified = await verifyAuditChain(audit, { key: auditKeyFromText(keyText, 'bench') });
      chain = verified.ok ? `verifies: ${verified.rows} rows` : `BROKEN at ${verified.seq}: ${verified.problem}`;
      auditRows = (await countAudit(audit)) - rowsBefore;
    } finally {
      await audit.close();
    }
    const serverErrors = mains.flatMap((main) => main.stderr().split('\n').filter((line) => line.trim() !== '')).slice(0, 10);
    for (const main of mains) await stopMain(main);
    mains.length = 0;

    log('team-load: the audit log at a growing number of writers');
    const knee = await measureAuditKnee(await postgres.createDatabase('knee'), auditKeyFromText(keyText, 'bench'), options.kneeStepMs);
    return {
      options,
      samples,
      tally,
      ranMs,
      auditRows,
      auditProblems: checked.problems,
      intents: checked.intents,
      chain,
      knee,
      load: { before: loadBefore, after: loadAfter, cpus: cpus().length },
      cpu,
      serverErrors,
    };
  } finally {
    for (const client of clients) client.close();
    for (const main of mains) await stopMain(main);
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function countAudit(db: Awaited<ReturnType<typeof openDatabase>>): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM audit_log');
  return Number(rows[0]?.n ?? 0);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const options = { ...(args.includes('--quick') ? QUICK_RUN : FULL_RUN), build: !args.includes('--no-build') };
  const result = await measureTeamLoad(options, (line) => console.info(line));
  const figures: Figure[] = teamLoadFigures(result);
  console.info(formatTable(figures));
  for (const figure of figures) if (figure.note !== undefined) console.info(`${figure.name}: ${figure.note}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
