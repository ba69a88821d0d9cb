import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { SIGN_IN_CODE_API_PATH } from '../../src/contract/console-api.ts';

// docs/accounts.md: codes of an authenticator app, computed here as the app would from its setup key
// (RFC 6238: SHA-1, 6 digits, 30 seconds).

/** The code the app shows `stepsAhead` periods from now (the server takes one period either side). */
export function totpCode(setupKey: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(setupKey.replace(/\s/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/**
 * Answers the sign-in's code step through `request` (it holds the step's cookie): now's code, or, when
 * that one was used already within its window (a code is accepted once), the next period's.
 */
export async function answerCodeStep(request: APIRequestContext, setupKey: string): Promise<void> {
  for (const stepsAhead of [0, 1]) {
    const answer = await request.post(SIGN_IN_CODE_API_PATH, { data: { code: totpCode(setupKey, stepsAhead) } });
    if (answer.status() === 200) return;
    expect(answer.status(), 'the code step').toBe(401);
  }
  throw new Error('the code step refused both codes');
}
