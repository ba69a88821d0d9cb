import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { EngineOptions } from '../../../bulk/engine.ts';
import { DEFAULT_ENGINE_OPTIONS, runBulk } from '../../../bulk/engine.ts';
import type { BulkRun } from '../../../contract/bulk-run-model.ts';
import { abortableSleep } from '../../../bulk/sleep.ts';
import type { Environment } from '../../lib/environments.ts';
import { orderQueries } from '../orders/api/order-queries.ts';
import { resultCsv } from '../../../bulk/result-csv.ts';
import { downloadText } from '../journal/browser-actions.ts';
import { bulkTransport } from './bulk-transport.ts';
import type { RunControls } from './run-source.ts';
import { clearRun, loadRun, saveRun } from './run-storage.ts';

/**
 * The environment's bulk run: the one kept from before (a reload, a closed tab), or the one started
 * here. Each state change is saved before the next refund is sent, so stopping anywhere is safe.
 */
export function useBulkRun(environment: Environment, options: EngineOptions = DEFAULT_ENGINE_OPTIONS) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<BulkRun | null>(() => loadRun(environment.id));
  const [running, setRunning] = useState(false);
  const [storageError, setStorageError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops the run where it is; coming back offers to resume it.
  useEffect(() => () => controller.current?.abort(), []);

  const go = async (from: BulkRun) => {
    if (controller.current !== null) return;
    const stop = new AbortController();
    controller.current = stop;
    setRunning(true);
    try {
      const done = await runBulk(
        from,
        {
          ...bulkTransport(environment),
          sleep: abortableSleep,
          now: () => Date.now(),
          save: (next) => {
            saveRun(next);
            return Promise.resolve();
          },
          onProgress: (next) => {
            if (!stop.signal.aborted) setRun(next);
          },
        },
        options,
        stop.signal,
      );
      if (!stop.signal.aborted) setRun(done);
    } catch (error) {
      setStorageError(error instanceof Error ? error.message : String(error));
      controller.current?.abort();
    } finally {
      controller.current = null;
      setRunning(false);
      // What was saved last is the truth: a stop discards the answer of a refund in flight.
      const kept = loadRun(environment.id);
      if (kept !== null) setRun(kept);
      void queryClient.invalidateQueries({ queryKey: orderQueries.all(environment) });
    }
  };

  const start = (planned: BulkRun) => {
    try {
      // Saved before the first refund leaves: the identifiers must outlive this tab.
      saveRun(planned);
    } catch (error) {
      setStorageError(`The run could not be kept in this browser, so it was not started: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    setStorageError(null);
    setRun(planned);
    void go(planned);
  };

  const finished = run?.finishedAt != null;
  const controls: RunControls | null =
    run === null
      ? null
      : {
          run,
          running,
          heading: null,
          stop: running ? { label: 'Stop', action: () => controller.current?.abort() } : null,
          resume: !running && !finished ? () => void go(run) : null,
          // Forgets a finished run (or one the person gave up on) so a new file can be uploaded.
          clear: running
            ? null
            : {
                label: finished ? 'New bulk refund' : 'Discard this run',
                action: () => {
                  clearRun(environment.id);
                  setRun(null);
                },
              },
          result: { kind: 'download', save: () => downloadText(`${run.id}-result.csv`, resultCsv(run), 'text/csv;charset=utf-8') },
        };

  return { controls, error: storageError, start };
}
