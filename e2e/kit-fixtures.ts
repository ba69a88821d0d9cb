import { expect } from '@playwright/test';
import { test as kitTest } from '../src/testing/fixtures.ts';
import { guardContext } from './support/guard.ts';
import type { Target } from './support/target.ts';
import { resolveTarget } from './support/target.ts';

// The QA kit's `test` (order-console/testing, from source) as this suite uses it: specs written the
// way a QA project writes them (`sandbox`, console helpers), plus the suite's rule that nothing
// leaves the machine. The older specs use ./fixtures.ts; both reach the service through the kit.

export { expect };

export const test = kitTest.extend<object, { target: Target }>({
  target: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from this pattern.
    async ({}, use) => {
      await use(resolveTarget());
    },
    { scope: 'worker' },
  ],

  page: async ({ page, context, target }, use) => {
    const blocked = await guardContext(context, target);
    await use(page);
    expect(blocked, 'requests to hosts outside the environment under test').toEqual([]);
  },
});
