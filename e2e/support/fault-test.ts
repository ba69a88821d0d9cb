import { test as base } from '../fixtures.ts';
import { FAULT_TOKEN_COUNT, FaultApi, faultToken } from './faults.ts';
import { resolveTarget } from './target.ts';

// `test` for the fault specs: the same fixtures as ./fixtures.ts (page, api, sampleOrder), but with
// this worker's own fault token (support/faults.ts), so the rules a test arms hit its own calls only,
// and `faults` to arm them. Every test starts and ends with nothing armed.

interface FaultFixtures {
  faults: FaultApi;
}

interface FaultWorkerFixtures {
  /** Whether the server accepts this worker's fault token. */
  faultTokenAccepted: boolean;
}

export { expect, field, namedValues, orderAmount, orderStatus, recordApiRequests, uniqueId } from '../fixtures.ts';

export const test = base.extend<FaultFixtures, FaultWorkerFixtures>({
  faultTokenAccepted: [
    async ({ playwright }, use, workerInfo) => {
      const target = resolveTarget();
      if (!target.local || workerInfo.parallelIndex >= FAULT_TOKEN_COUNT) {
        await use(false);
        return;
      }
      const request = await playwright.request.newContext({ baseURL: target.baseURL, extraHTTPHeaders: { Authorization: `Token ${faultToken(workerInfo.parallelIndex)}` } });
      const response = await request.get('/sandbox/faults');
      await request.dispose();
      await use(response.status() === 200);
    },
    { scope: 'worker' },
  ],

  target: [
    async ({ faultTokenAccepted }, use, workerInfo) => {
      const target = resolveTarget();
      await use(faultTokenAccepted ? { ...target, token: faultToken(workerInfo.parallelIndex) } : target);
    },
    { scope: 'worker' },
  ],

  faults: [
    async ({ target, faultTokenAccepted, playwright }, use, testInfo) => {
      testInfo.skip(
        !faultTokenAccepted,
        target.local
          ? `the server does not accept the fault tokens (start it with SANDBOX_TOKENS=dev-token,${faultToken(0)},… as playwright.config.ts does)`
          : 'armed faults hit every call of a token: these specs run only against the local servers, where each worker has a token of its own',
      );
      const request = await playwright.request.newContext({ baseURL: target.baseURL, extraHTTPHeaders: { Authorization: `Token ${target.token}` } });
      const faults = new FaultApi(request);
      await faults.disarmAll();
      await use(faults);
      await faults.disarmAll();
      await request.dispose();
    },
    // Armed or not, no fault test runs with a rule left over by the one before.
    { auto: true },
  ],
});
