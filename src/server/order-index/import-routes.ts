import type { Context, Hono } from 'hono';
import { isUuid } from '../../contract/uuid.ts';
import { roleIn } from '../../contract/permissions.ts';
import { detailError } from '../../http/errors.ts';
import { assertPermission } from '../permissions-check.ts';
import type { TeamContext, TeamEnv } from '../team-session.ts';
import { clientAddress, userAgent } from '../team-session.ts';
import { importOrders } from './index-import.ts';
import { findImport, recentImports } from './import-records.ts';

// The import page's API (docs/order-index.md, "Import"): the file is the request's body, read as it
// arrives (never held whole), into the index of the environment in the path. The browser names the
// import (a UUID of its own making) so it can follow the import's record while the upload runs:
// GET /api/order-imports/{id} answers its progress from the database, from any console process.
// An admin's (import:orders); each import is audited as `order_import` with the file, who, and the counts.

const FILE_NAME_MAX = 255;

function fileNameOf(c: Context): string {
  const name = [...(c.req.query('file_name') ?? '')].filter((char) => (char.codePointAt(0) ?? 0) >= 0x20 && char !== '\u007f').join('').trim();
  return name === '' ? 'upload' : name.slice(0, FILE_NAME_MAX);
}

const IMPORTS = '/api/env/:envId/order-imports';
const ONE_IMPORT = '/api/order-imports/:importId';

export function registerImportRoutes(app: Hono<TeamEnv>, ctx: TeamContext): void {
  const scope = { audit: ctx.audit, environments: ctx.config.environments };

  app.post(IMPORTS, async (c) => {
    const environment = await assertPermission(c, scope, c.req.param('envId') ?? null, 'import:orders');
    const id = c.req.query('id');
    if (id !== undefined && !isUuid(id)) throw detailError(400, 'invalid', 'id: the import’s id is a UUID.');
    if (id !== undefined && (await findImport(ctx.db, id)) !== null) throw detailError(409, 'import_exists', 'An import with this id has run already: start a new one.');
    const body = c.req.raw.body;
    if (body === null) throw detailError(400, 'invalid', 'Send the file as the request’s body.');
    const user = c.get('user');
    const fileName = fileNameOf(c);
    const summary = await importOrders({ db: ctx.db, environment: environment.id, fileName, user: user.email, source: body, ...(id !== undefined && { id }) });
    await ctx.audit.record({
      user: user.email,
      role: roleIn(user.grants, environment.id),
      environment: environment.id,
      action: 'order_import',
      order_id: null,
      body: { file: fileName, bytes: summary.bytes_read, rows_read: summary.rows_read, rows_indexed: summary.rows_indexed, rows_refused: summary.rows_refused, import_id: summary.id },
      outcome: summary.state === 'done' ? 'ok' : `failed: ${summary.error ?? ''}`,
      address: clientAddress(c),
      user_agent: userAgent(c),
    });
    return c.json(summary, summary.state === 'done' ? 200 : 422, { 'Cache-Control': 'no-store' });
  });

  app.get(IMPORTS, async (c) => {
    const environment = await assertPermission(c, scope, c.req.param('envId') ?? null, 'import:orders');
    return c.json({ results: await recentImports(ctx.db, [environment.id]) }, 200, { 'Cache-Control': 'no-store' });
  });

  app.get(ONE_IMPORT, async (c) => {
    const found = await findImport(ctx.db, c.req.param('importId') ?? '');
    if (found === null) throw detailError(404, 'not_found', 'No such import (yet): it shows once its upload has started.');
    await assertPermission(c, scope, found.environment, 'import:orders');
    return c.json(found, 200, { 'Cache-Control': 'no-store' });
  });
}
