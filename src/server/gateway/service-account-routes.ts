import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { unknownEnvironmentMessage } from '../../contract/grants.ts';
import { formatGrant } from '../../contract/permissions.ts';
import { addServiceAccountBodySchema, SERVICE_ACCOUNTS_API_PATH } from '../../contract/service-accounts.ts';
import { parseJson } from '../../contract/json-text.ts';
import { readBodyBytes } from '../../http/body.ts';
import { detailError } from '../../http/errors.ts';
import { requireConsolePermission } from '../require-console-permission.ts';
import type { TeamContext, TeamEnv } from '../team-session.ts';
import { clientAddress, userAgent } from '../team-session.ts';
import { accountSummary, addServiceAccount, listServiceAccounts, revokeServiceAccount, rotateServiceKey, ServiceAccountError } from './service-accounts.ts';

// The Users page's service accounts, for admins of the whole console (as the users themselves): list,
// add (the key in the answer, once), rotate (a new key, once; the old one refused at once), revoke.
// Every change is an audit row with the admin's name; no key is in any row.

const MAX_BODY_BYTES = 16 * 1024;

async function readBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  if (!(c.req.header('content-type') ?? '').startsWith('application/json')) throw detailError(415, 'unsupported_media_type', 'Send JSON.');
  const parsed = schema.safeParse(parseJson(new TextDecoder().decode(await readBodyBytes(c.req.raw, MAX_BODY_BYTES))));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw detailError(400, 'invalid', issue === undefined ? 'Invalid request.' : `${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  return parsed.data;
}

export function mountServiceAccountRoutes(app: Hono<TeamEnv>, ctx: TeamContext): void {
  const record = (c: Context<TeamEnv>, action: string, name: string, body: Record<string, unknown> = {}) => {
    const admin = c.get('user');
    return ctx.audit.record({
      user: admin.email,
      role: admin.grants.map(formatGrant).join(' ') || null,
      environment: null,
      action,
      order_id: null,
      body: { service_account: name, ...body },
      outcome: 'ok',
      address: clientAddress(c),
      user_agent: userAgent(c),
    });
  };
  const refused = (error: unknown, status: 404 | 409) => {
    if (error instanceof ServiceAccountError) throw detailError(status, status === 404 ? 'not_found' : 'service_account_exists', `${error.message[0]?.toUpperCase() ?? ''}${error.message.slice(1)}.`);
    throw error;
  };
  const noStore = { 'Cache-Control': 'no-store' };

  app.use(SERVICE_ACCOUNTS_API_PATH, requireConsolePermission(ctx, 'manage:users'));
  app.use(`${SERVICE_ACCOUNTS_API_PATH}/*`, requireConsolePermission(ctx, 'manage:users'));

  app.get(SERVICE_ACCOUNTS_API_PATH, async (c) => c.json({ accounts: (await listServiceAccounts(ctx.db)).map(accountSummary) }, 200, noStore));
  app.post(SERVICE_ACCOUNTS_API_PATH, async (c) => {
    const body = await readBody(c, addServiceAccountBodySchema);
    const unknown = unknownEnvironmentMessage(body.grants, ctx.config.environments.map((e) => e.id));
    if (unknown !== null) throw detailError(400, 'invalid', `grants: ${unknown[0]?.toUpperCase() ?? ''}${unknown.slice(1)}.`);
    const made = await addServiceAccount(ctx.db, body.name, body.grants).catch((error: unknown) => refused(error, 409));
    await record(c, 'service_account_add', made.account.name, { grants: made.account.grants.map(formatGrant) });
    return c.json({ account: accountSummary(made.account), key: made.key }, 201, noStore);
  });
  app.post(`${SERVICE_ACCOUNTS_API_PATH}/:name/rotate`, async (c) => {
    const made = await rotateServiceKey(ctx.db, c.req.param('name')).catch((error: unknown) => refused(error, 404));
    await record(c, 'service_account_rotate', made.account.name, { key_hint: made.account.keyHint });
    return c.json({ account: accountSummary(made.account), key: made.key }, 200, noStore);
  });
  app.post(`${SERVICE_ACCOUNTS_API_PATH}/:name/revoke`, async (c) => {
    const account = await revokeServiceAccount(ctx.db, c.req.param('name')).catch((error: unknown) => refused(error, 404));
    await record(c, 'service_account_revoke', account.name);
    return c.json({ account: accountSummary(account) }, 200, noStore);
  });
}
