import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EngineDeps } from '../../bulk/engine.ts';
import { runBulk } from '../../bulk/engine.ts';
import { outcomeOf, stateDetail } from '../../bulk/result-csv.ts';
import type { BulkRun, RowState } from '../../contract/bulk-run-model.ts';
import { runProgress } from '../../bulk/run-model.ts';
import { abortableSleep } from '../../bulk/sleep.ts';
import type { TeamBulkRun } from '../../contract/bulk-runs.ts';
import type { Database } from '../../db/store-db.ts';
import type { AuditSink } from '../audit-sink.ts';
import type { Background } from '../background.ts';
import type { ServiceCall } from '../forward.ts';
import type { TeamEnvironment } from '../team-config.ts';
import { expireBatches } from './bulk-run-expiry.ts';
import type { ResolvedBulkRunnerSettings } from './bulk-runner-settings.ts';
import { claimRuns, endPass, releaseLease, renewLease, saveRun } from './bulk-run-store.ts';
import { serviceTransport } from './service-transport.ts';
import { countRefund, settleRefund } from '../approvals/refund-ledger.ts';
import { recordIntent } from '../write-ahead.ts';

// The console server sends its team's bulk runs itself, with the partner token it holds.
// Each process looks for `running` runs nobody holds (at start-up, when a run is created, approved
// or resumed, and every pollMs), takes each with a lease in the database, and runs it with the bulk
// engine. The engine saves every row's state before the next send (`sending` before each refund),
// and this file writes that save to the database, only while this process still holds the lease
// and, before a send, only while the run is still `running`: a run paused, or taken over by another
// process after this one stalled, gets no further refund from here. A process killed mid-run leaves
// its lease to run out; the next one takes the run and the engine reads the order of the row that
// was in flight before anything else, so nothing is refunded twice.

export interface BulkRunnerDeps {
  db: Database;
  audit: AuditSink;
  call: ServiceCall;
  environments: readonly TeamEnvironment[];
  settings: ResolvedBulkRunnerSettings;
  log: (line: string) => void;
  background: Background;
}

export interface BulkRunner {
  /** Look for runs to send now (a run was created, approved or resumed). */
  wake(): void;
}

/** Why a pass stops before the engine is done: the run was paused, or the lease is another's. */
class Halt extends Error {
  constructor(readonly why: 'paused' | 'lease_lost') {
    super(why === 'paused' ? 'the run was paused' : 'the lease is held by another process now');
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

const isOutcome = (state: RowState) => state.kind === 'refunded' || state.kind === 'refused' || state.kind === 'skipped' || state.kind === 'unknown';

export function startBulkRunner(deps: BulkRunnerDeps): BulkRunner {
  const { db, settings, background } = deps;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const active = new Set<string>();
  let ticking = false;
  let again = false;

  const record = (run: TeamBulkRun, action: string, body: object, outcome: string, orderId: string | null = null) =>
    deps.audit.record({ user: null, role: null, environment: run.environment, action, order_id: orderId, body: { bulk_run_id: run.id, ...body }, outcome, address: null, user_agent: null });

  /** Each row that got an outcome between two saves, in the audit (the requester's refund, sent by the server). */
  const auditOutcomes = async (team: TeamBulkRun, before: BulkRun, after: BulkRun) => {
    for (const [i, row] of after.rows.entries()) {
      const was = before.rows[i]?.state;
      if (!isOutcome(row.state) || (was !== undefined && JSON.stringify(was) === JSON.stringify(row.state))) continue;
      const { plan } = row;
      // What the approval threshold and the daily limit count (refund-ledger.ts): the refund as it ended.
      const settled = row.state.kind === 'refunded' ? 'sent' : row.state.kind === 'refused' ? 'failed' : row.state.kind === 'unknown' ? 'unknown' : null;
      if (settled !== null) await settleRefund(db, team.environment, plan.body.payment_identifier, settled);
      await deps.audit.record({
        user: team.requester,
        role: null,
        environment: team.environment,
        action: 'bulk_refund',
        order_id: plan.order_id,
        body: { bulk_run_id: team.id, line: plan.line, request: plan.body, reason: plan.reason, outcome: outcomeOf(row.state), detail: stateDetail(row.state) },
        outcome: row.state.kind === 'refunded' ? `refunded ${row.state.via}` : row.state.kind === 'refused' ? `refused ${row.state.status ?? 'unsent'}` : row.state.kind,
        address: null,
        user_agent: null,
      });
    }
  };

  const runOne = async (team: TeamBulkRun, takenOver: boolean): Promise<void> => {
    const environment = deps.environments.find((e) => e.id === team.environment);
    if (environment === undefined) {
      await endPass(db, team.id, owner, 'paused', `The environment "${team.environment}" is no longer configured; nothing more is sent.`);
      return;
    }
    const stop = new AbortController();
    const onClose = () => stop.abort();
    background.signal.addEventListener('abort', onClose, { once: true });
    const started = runProgress(team.run);
    await record(team, 'bulk_run_start', { total: team.total, progress: started }, takenOver ? 'taken_over' : started.done > 0 || team.run.rows.some((r) => r.state.kind !== 'pending') ? 'resumed' : 'started');
    // A long Retry-After saves nothing for a while: the lease is renewed meanwhile, and a pause is
    // noticed. A refund on its way is let finish, so its outcome is saved rather than left to a read.
    let inFlight = false;
    const heartbeat = setInterval(() => {
      renewLease(db, team.id, owner, settings.leaseMs).then(
        (state) => {
          if (state === null || (state !== 'running' && !inFlight)) stop.abort();
        },
        (error: unknown) => deps.log(`bulk run ${team.id}: lease not renewed: ${describe(error)}`),
      );
    }, Math.max(50, Math.floor(settings.leaseMs / 3)));

    let saved = team.run;
    const transport = serviceTransport(deps.call, environment.id, environment.target.kind === 'sandbox');
    const engine: EngineDeps = {
      ...transport,
      // In flight from the send until its outcome is saved (the engine's next save); a 429 or 503
      // did nothing, so a pause may stop the wait that follows it.
      send: async (orderId, body, signal) => {
        // Write-ahead (write-ahead.ts), then counted (refund-ledger.ts), before it leaves: when the log
        // cannot be written nothing is sent, and the run stops here, to be taken up again.
        try {
          await recordIntent(deps.audit, { user: team.requester, role: null, environment: team.environment, action: 'bulk_refund', order_id: orderId, body: { bulk_run_id: team.id, request: body }, address: null, user_agent: null }, deps.log);
          await countRefund(db, { environment: team.environment, orderId, paymentIdentifier: body.payment_identifier, externalId: body.external_id, requester: team.requester, source: 'bulk', amount: body.amount, approvedBy: team.decision?.by ?? null });
        } catch (error) {
          stop.abort();
          throw error;
        }
        inFlight = true;
        const answer = await transport.send(orderId, body, signal);
        if (answer.kind === 'status' && (answer.status === 429 || answer.status === 503)) inFlight = false;
        return answer;
      },
      sleep: abortableSleep,
      now: () => Date.now(),
      save: async (run) => {
        const beforeSend = run.rows.some((r) => r.state.kind === 'sending');
        const state = await saveRun(db, team.id, owner, run, settings.leaseMs, beforeSend);
        if (!beforeSend) inFlight = false;
        if (state === null) throw new Halt('lease_lost');
        if (beforeSend && state !== 'running') throw new Halt('paused');
        const before = saved;
        saved = run;
        await auditOutcomes(team, before, run);
        if (state !== 'running') throw new Halt('paused');
      },
    };

    try {
      const result = await runBulk(team.run, engine, settings.engine, stop.signal);
      if (stop.signal.aborted) {
        // Closing, or paused / taken over between saves: whatever holds now is in the database.
        await releaseLease(db, team.id, owner);
        return;
      }
      const progress = runProgress(result);
      if (result.finishedAt !== null) {
        await endPass(db, team.id, owner, 'finished', null);
        await record(team, 'bulk_run_finish', { total: team.total, progress }, 'finished');
      } else {
        const reason = `${progress.unknown} refund${progress.unknown === 1 ? '' : 's'} could not be confirmed (the service did not answer and the order could not be read). Resume to check ${progress.unknown === 1 ? 'it' : 'them'} again: each order is read before anything is sent again.`;
        await endPass(db, team.id, owner, 'paused', reason);
        await record(team, 'bulk_run_pause', { total: team.total, progress, reason }, 'paused_unknown_rows');
      }
    } catch (error) {
      if (error instanceof Halt && error.why === 'lease_lost') {
        deps.log(`bulk run ${team.id}: another process holds it now; this one stops`);
      } else {
        if (!(error instanceof Halt)) deps.log(`bulk run ${team.id}: stopped by an error, to be taken up again: ${describe(error)}`);
        await releaseLease(db, team.id, owner).catch(() => undefined);
      }
    } finally {
      clearInterval(heartbeat);
      background.signal.removeEventListener('abort', onClose);
    }
  };

  const tick = async () => {
    if (background.signal.aborted) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    try {
      do {
        again = false;
        await expireBatches(db, deps.audit);
        const claimed = await claimRuns(db, owner, settings.leaseMs, settings.maxConcurrent - active.size);
        for (const { run, takenOver } of claimed) {
          if (active.has(run.id)) continue;
          active.add(run.id);
          const work = runOne(run, takenOver)
            .catch((error: unknown) => deps.log(`bulk run ${run.id}: ${describe(error)}`))
            .finally(() => {
              active.delete(run.id);
              wake();
            });
          background.track(work);
        }
      } while (again && !background.signal.aborted);
    } catch (error) {
      if (!background.signal.aborted) deps.log(`bulk runs: looking for runs to send failed: ${describe(error)}`);
    } finally {
      ticking = false;
    }
  };

  const wake = () => {
    if (background.signal.aborted) return;
    background.track(tick());
  };

  const timer = setInterval(wake, settings.pollMs);
  timer.unref();
  background.signal.addEventListener('abort', () => clearInterval(timer), { once: true });
  wake();
  return { wake };
}
