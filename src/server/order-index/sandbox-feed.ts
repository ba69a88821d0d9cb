import type { OrderChange, StoreWatch } from '../../sandbox/entry.ts';
import { ownerKey } from '../../sandbox/entry.ts';
import { SANDBOX_ENVIRONMENT_ID } from '../team-config.ts';
import type { TeamContext } from '../team-session.ts';
import { indexWriter } from './index-writer.ts';

// The embedded sandbox tells the team order index of its changes as they are committed: a customer
// approving at the checkout page, a move from the control routes, a refund. So an order activated at
// the checkout shows `activated` in search at once, and the refresher (which would eat the armed
// read faults people set up for their tests, D13) never has to read the embedded sandbox. Creates are
// left to the caller: a create reaches the sandbox only through the console or the gateway, which
// index it with its customer and say who made it. Only the team's own orders count: not another
// token's, not a namespace's (QA's scratch work, as forward.ts has it). A reset of the team's orders
// removes the environment's records.

export function indexSandboxChanges(ctx: Pick<TeamContext, 'db' | 'log'>, store: StoreWatch, token: string): () => void {
  const owner = ownerKey(token);
  return store.watch((change: OrderChange) => {
    if (change.owner !== owner) return;
    if (change.kind === 'reset') {
      void ctx.db.query('DELETE FROM order_index WHERE environment = $1', [SANDBOX_ENVIRONMENT_ID]).catch((error: unknown) => {
        ctx.log(`order index: could not forget the reset sandbox's orders (${error instanceof Error ? error.message : String(error)})`);
      });
      return;
    }
    if (change.what === 'created') return;
    indexWriter(ctx.db, ctx.log).add([{ environment: SANDBOX_ENVIRONMENT_ID, order: change.order, customer: null, source: 'sandbox', seenAt: change.at }]);
  });
}
