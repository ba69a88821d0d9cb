import type { APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import type { FaultRule, FaultRuleRequest } from '../../src/contract/faults.ts';
import { faultListResponseSchema, faultRuleSchema } from '../../src/contract/faults.ts';
import { sandboxPaths } from '../../src/contract/paths.ts';

// D13 fault rules for the specs that provoke failures (e2e/faults-*.spec.ts). A rule acts on every
// /psp/ call of its token, so those specs never use the suite's shared token: each worker has one of
// its own (parallelIndex: two workers running at once never share one), which the local server
// accepts beside dev-token (playwright.config.ts passes SANDBOX_TOKENS).

export const FAULT_TOKEN_COUNT = 16;
export const faultToken = (parallelIndex: number) => `e2e-faults-${parallelIndex}`;
export const FAULT_TOKENS = Array.from({ length: FAULT_TOKEN_COUNT }, (_, i) => faultToken(i));

export class FaultApi {
  constructor(private readonly request: APIRequestContext) {}

  /** POST /sandbox/faults; the armed rule as the sandbox lists it. */
  async arm(rule: FaultRuleRequest): Promise<FaultRule> {
    const response = await this.request.post(sandboxPaths.faults(), { data: rule });
    const text = await response.text();
    if (response.status() !== 201) throw new Error(`arm ${JSON.stringify(rule)}: expected HTTP 201, got ${response.status()}: ${text}`);
    return faultRuleSchema.parse(JSON.parse(text));
  }

  async list(): Promise<FaultRule[]> {
    const response = await this.request.get(sandboxPaths.faults());
    return faultListResponseSchema.parse(z.unknown().parse(await response.json())).results;
  }

  async disarmAll(): Promise<void> {
    const response = await this.request.delete(sandboxPaths.faults());
    if (response.status() !== 204) throw new Error(`disarm all: expected HTTP 204, got ${response.status()}`);
  }
}
