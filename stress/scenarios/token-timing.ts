import { Hono } from 'hono';
import type { SandboxEnv } from '../../src/sandbox/auth.ts';
import { tokenAuth } from '../../src/sandbox/auth.ts';
import { ApiError, errorResponse } from '../../src/http/errors.ts';
import type { Scenario, ScenarioResult } from '../report.ts';
import { emptyResult } from '../report.ts';

// D2: token comparison is constant-time. The code-level check lives in security.test.ts (every
// known token is compared, as equal-length SHA-256 digests, no early exit); this only measures, in
// this process, how long the token check takes for guesses that share more or less of a real
// token. A timing figure is too noisy to fail a run on, so it is reported, not judged.

const ROUNDS = 40;
const PER_ROUND = 250;

export const tokenTiming: Scenario = {
  name: 'token comparison timing (measurement only)',
  budgetMs: 60_000,
  async run(): Promise<ScenarioResult> {
    const result = emptyResult(tokenTiming.name);
    const real = `timing-${'a'.repeat(40)}`;
    const app = new Hono<SandboxEnv>();
    app.onError((error, c) => (error instanceof ApiError ? errorResponse(c, error) : c.text('unexpected', 500)));
    app.use(tokenAuth([real, 'another-known-token']));
    app.get('/x', (c) => c.text('ok'));
    const guesses: [string, string][] = [
      ['all but the last character right', `${real.slice(0, -1)}b`],
      ['only the first character right', `t${'z'.repeat(real.length - 1)}`],
      ['nothing right, same length', 'q'.repeat(real.length)],
      ['the real token', real],
    ];
    const samples = new Map<string, number[]>(guesses.map(([name]) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, token] of guesses) {
        const started = process.hrtime.bigint();
        for (let i = 0; i < PER_ROUND; i++) {
          const response = await app.request('/x', { headers: { Authorization: `Token ${token}` } });
          if (response.status !== (token === real ? 200 : 401)) throw new Error(`${name}: answered ${response.status}`);
        }
        samples.get(name)?.push(Number(process.hrtime.bigint() - started) / PER_ROUND / 1000);
      }
    }
    const medians = [...samples].map(([name, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return [name, sorted[Math.floor(sorted.length / 2)] ?? Number.NaN] as const;
    });
    const wrong = medians.filter(([name]) => name !== 'the real token').map(([, value]) => value);
    const spread = (Math.max(...wrong) - Math.min(...wrong)) / Math.min(...wrong);
    result.load.push(`${ROUNDS * PER_ROUND * guesses.length} token checks in process, the kinds of guess interleaved`);
    for (const [name, value] of medians) result.figures.push(`${name}: median ${value.toFixed(2)} µs per request`);
    result.figures.push(`spread between the wrong guesses: ${(spread * 100).toFixed(1)}% (noise; the comparison itself is over SHA-256 digests)`);
    return result;
  },
};
