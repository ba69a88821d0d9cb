import type { Hono } from 'hono';
import type { ArrayErrorShape } from '../contract/drf-errors.ts';
import { issuesToDrf, NON_FIELD_ERRORS } from '../contract/drf-errors.ts';
import { faultRuleRequestSchema, MAX_ARMED_FAULTS } from '../contract/faults.ts';
import { sandboxPaths } from '../contract/paths.ts';
import type { SandboxEnv } from './auth.ts';
import { readJsonObject } from '../http/body.ts';
import { notFound, validationError } from '../http/errors.ts';
import { byMethod } from '../http/routing.ts';
import { idPattern } from './route-params.ts';
import { isUuid } from '../contract/uuid.ts';
import type { Store } from './store.ts';

// docs/decisions.md D13: the token's fault rules. Arming answers 201 with the rule; a bad rule is a 400
// with DRF field errors; GET lists the armed rules oldest first (the order they take precedence
// in) with how many times each will still fire; a rule used up is no longer listed.

export function registerFaultRoutes(app: Hono<SandboxEnv>, store: Store, shape: ArrayErrorShape): void {
  app.all(
    sandboxPaths.faults(),
    byMethod<SandboxEnv>({
      GET: async (c) => c.json({ results: await store.listFaults(c.get('owner')) }, 200),
      POST: async (c) => {
        const body = await readJsonObject(c.req.raw, shape);
        const parsed = faultRuleRequestSchema.safeParse(body);
        if (!parsed.success) throw validationError(issuesToDrf(parsed.error.issues, shape, body));
        const result = await store.armFault(c.get('owner'), parsed.data);
        if (result.kind === 'too_many') {
          throw validationError({
            [NON_FIELD_ERRORS]: [`At most ${MAX_ARMED_FAULTS} fault rules can be armed per token. Disarm some first (DELETE ${sandboxPaths.faults()}).`],
          });
        }
        // The same words for an unknown order and another token's: nothing leaks.
        if (result.kind === 'unknown_order') throw validationError({ order_id: ['No order with this id.'] });
        return c.json(result.rule, 201);
      },
      DELETE: async (c) => {
        await store.disarmFaults(c.get('owner'));
        return c.body(null, 204);
      },
    }),
  );

  app.all(
    idPattern(sandboxPaths.fault),
    byMethod<SandboxEnv>({
      DELETE: async (c) => {
        const id = c.req.param('id') ?? '';
        if (!isUuid(id) || !(await store.disarmFault(c.get('owner'), id.toLowerCase()))) throw notFound();
        return c.body(null, 204);
      },
    }),
  );
}
