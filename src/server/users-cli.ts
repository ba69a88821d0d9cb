import { parseArgs } from 'node:util';
import type { Grant } from '../contract/permissions.ts';
import { grantSchema, unknownEnvironmentMessage } from '../contract/grants.ts';
import { formatGrant } from '../contract/permissions.ts';
import type { Database } from '../db/store-db.ts';
import type { AuditSink } from './audit-sink.ts';
import { consoleAuditSink } from './audit-sink.ts';
import { AuditKeyError, serverAuditKey } from './audit/audit-key.ts';
import { assertChainKey } from './audit/audit-log.ts';
import { openConsoleDb } from './console-db.ts';
import { hashPassword } from './passwords.ts';
import { DEFAULT_CONSOLE_DB, environmentIds, TeamConfigError } from './team-config.ts';
import { emailSchema } from '../contract/users.ts';
import { unlockAccount } from './sign-in-throttle.ts';
import { addUser, disableUser, findUser, listUsers, removeUser, setGrants, UserError } from './users.ts';
import { serviceAccountCommand } from './gateway/service-cli.ts';
import { ServiceAccountError } from './gateway/service-accounts.ts';
import { removeSecondFactors } from './accounts/account-state.ts';
import { passwordProblem } from './accounts/password-policy.ts';
import { issuePasswordReset, resetLink } from './accounts/password-resets.ts';

// docs/decisions.md D16: `npm run users -- add EMAIL --role ROLE[@ENV] ... --password-env VAR`, `list`,
// `disable EMAIL`, `set-role EMAIL --role ...`, `unlock EMAIL` (PCI DSS v4.0 8.3.4: an admin ends a lock);
// D18 (docs/accounts.md): `reset-password EMAIL`, `remove EMAIL`, `remove-second-factor EMAIL`.
// The password is read from the variable --password-env names, never from an argument (arguments show
// in `ps` and shell history).
// Exit 0 done, 1 refused (unknown role, no such user...), 2 usage.

export const USAGE = `usage: npm run users -- <command>
  add EMAIL --role ROLE[@ENV] [--role ...] --password-env VAR
  list
  disable EMAIL
  set-role EMAIL --role ROLE[@ENV] [--role ...]
  unlock EMAIL      (an account locked by failed sign-ins may sign in again at once)
  reset-password EMAIL   (prints a link, valid once for 1 hour, where they choose a new password)
  remove EMAIL      (their sessions end; the audit keeps their name; the address may be added again)
  remove-second-factor EMAIL   (a lost authenticator: they set one up again at their next sign-in)
  add-service NAME --role ROLE@ENV [--role ...]   (a machine's account; prints its API key once)
  rotate-service NAME    (a new key, printed once; the old one stops working at once)
  revoke-service NAME    (its key stops working at once)
  list-services
roles: viewer, agent, approver, admin; ROLE@ENV grants it in one environment, ROLE in every one.
The environments are the embedded sandbox's and CONSOLE_ENVIRONMENTS' (as the server reads them).
The console's database: CONSOLE_DATABASE_URL, else CONSOLE_DB (default ${DEFAULT_CONSOLE_DB}).`;

/** Where the console is opened, for a link printed here: CONSOLE_ORIGIN, PUBLIC_URL's origin, else this machine's PORT. */
function consoleOrigin(env: CliIo['env']): string {
  for (const name of ['CONSOLE_ORIGIN', 'PUBLIC_URL']) {
    const text = env[name]?.trim() ?? '';
    if (URL.canParse(text) && /^https?:$/.test(new URL(text).protocol)) return new URL(text).origin;
  }
  return `http://localhost:${env['PORT']?.trim() || '8080'}`;
}

export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  out: (line: string) => void;
  err: (line: string) => void;
}

class UsageError extends Error {}

/** The roles given, each for all environments or for one the console's configuration (CONSOLE_ENVIRONMENTS) has. */
function parseGrants(texts: readonly string[], env: CliIo['env']): Grant[] {
  if (texts.length === 0) throw new UsageError('give at least one --role');
  const grants = texts.map((text) => {
    const parsed = grantSchema.safeParse(text);
    if (!parsed.success) throw new UserError(parsed.error.issues[0]?.message ?? `unknown role "${text}"`);
    return parsed.data;
  });
  let ids: string[];
  try {
    ids = environmentIds(env);
  } catch (error) {
    throw new UserError(error instanceof TeamConfigError ? error.message : String(error));
  }
  const unknown = unknownEnvironmentMessage(grants, ids);
  if (unknown !== null) throw new UserError(unknown);
  return grants;
}

function parseEmail(text: string | undefined): string {
  const parsed = emailSchema.safeParse(text ?? '');
  if (!parsed.success) throw new UsageError(`"${text ?? ''}" is not an e-mail address`);
  return parsed.data;
}

async function run(db: Database, audit: AuditSink, args: string[], io: CliIo): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { role: { type: 'string', multiple: true }, 'password-env': { type: 'string' } },
  });
  const [command, emailText, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected ${extra.join(' ')}`);
  const record = (action: string, email: string, body: unknown) =>
    audit.record({ user: null, role: 'cli', environment: null, action, order_id: null, body: { email, ...(typeof body === 'object' && body !== null ? body : {}) }, outcome: 'ok', address: null, user_agent: 'npm run users' });
  switch (command) {
    case 'add': {
      const email = parseEmail(emailText);
      const grants = parseGrants(values.role ?? [], io.env);
      const variable = values['password-env'];
      if (variable === undefined) throw new UsageError('give --password-env VAR, the variable that holds the password');
      const password = io.env[variable];
      if (password === undefined) throw new UserError(`the variable ${variable} is not set: it must hold the initial password`);
      const problem = await passwordProblem(password, email);
      if (problem !== null) throw new UserError(`the password in ${variable} is refused: ${problem}`);
      // The operator chose it: the person changes it at first sign-in (docs/accounts.md).
      const user = await addUser(db, { email, grants, passwordHash: await hashPassword(password), mustChangePassword: true });
      await record('user_add', email, { grants: user.grants.map(formatGrant) });
      io.out(`added ${user.email}: ${user.grants.map(formatGrant).join(', ')}`);
      return;
    }
    case 'list': {
      if (emailText !== undefined) throw new UsageError('list takes no e-mail');
      for (const user of await listUsers(db)) io.out(`${user.email}\t${user.status}\t${user.grants.map(formatGrant).join(',')}`);
      return;
    }
    case 'disable': {
      const email = parseEmail(emailText);
      await disableUser(db, email);
      await record('user_disable', email, {});
      io.out(`disabled ${email}; their sessions are ended`);
      return;
    }
    case 'set-role': {
      const email = parseEmail(emailText);
      const grants = parseGrants(values.role ?? [], io.env);
      const user = await setGrants(db, email, grants);
      await record('user_set_role', email, { grants: user.grants.map(formatGrant) });
      io.out(`${user.email}: ${user.grants.map(formatGrant).join(', ')}`);
      return;
    }
    case 'unlock': {
      const email = parseEmail(emailText);
      if ((await findUser(db, email)) === null) throw new UserError(`no account for ${email}`);
      const wasLocked = await unlockAccount(db, email);
      await record('account_unlock', email, { was_locked: wasLocked });
      io.out(wasLocked ? `unlocked ${email}: they may sign in again` : `${email} was not locked; its failed sign-ins are forgotten`);
      return;
    }
    case 'add-service':
    case 'rotate-service':
    case 'revoke-service':
    case 'list-services': {
      const name = emailText;
      if (command !== 'list-services' && name === undefined) throw new UsageError(`${command} needs the service account's NAME`);
      const grants = command === 'add-service' ? parseGrants(values.role ?? [], io.env) : [];
      await serviceAccountCommand(db, audit, { command, name: name ?? '', grants }, io.out);
      return;
    }
    case 'reset-password': {
      const email = parseEmail(emailText);
      const user = await findUser(db, email);
      if (user === null) throw new UserError(`no account for ${email}`);
      if (user.status !== 'active') throw new UserError(`${email} is disabled: enable the account first`);
      const { token, expiresAt } = await issuePasswordReset(db, email);
      await record('password_reset_issued', email, { expires_at: expiresAt.toISOString() });
      io.out(`a reset link for ${email}, valid once until ${expiresAt.toISOString()} (an earlier link no longer works):`);
      io.out(resetLink(consoleOrigin(io.env), token));
      return;
    }
    case 'remove-second-factor': {
      const email = parseEmail(emailText);
      if ((await findUser(db, email)) === null) throw new UserError(`no account for ${email}`);
      const removed = await removeSecondFactors(db, email);
      if (removed.length > 0) await record('mfa_remove', email, { removed });
      io.out(removed.length > 0 ? `removed the second factor of ${email} (${removed.join(', ')}): they set one up again at their next sign-in` : `${email} had no second factor`);
      return;
    }
    case 'remove': {
      const email = parseEmail(emailText);
      await removeUser(db, email);
      await record('user_remove', email, {});
      io.out(`removed ${email}: their sessions are ended; the audit log keeps their name`);
      return;
    }
    default:
      throw new UsageError(command === undefined ? 'name a command' : `unknown command "${command}"`);
  }
}

/** `open` is for tests (one database across several commands). */
export async function usersCli(args: string[], io: CliIo, open: (location: string) => Promise<Database> = openConsoleDb): Promise<number> {
  const location = io.env['CONSOLE_DATABASE_URL']?.trim() || io.env['CONSOLE_DB']?.trim() || DEFAULT_CONSOLE_DB;
  let db: Database | undefined;
  try {
    // Arguments first: a typo costs no database start.
    if (args.length === 0 || args[0] === '--help') throw new UsageError('');
    // The server's key, found as a console on this machine finds it (docs/security.md): every row of the log verifies under one.
    const key = serverAuditKey(io.env, { loopback: true, consoleDb: location, log: io.err });
    db = await open(location);
    await assertChainKey(db, key);
    await run(db, consoleAuditSink(db, () => [], key), args, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      if (error.message !== '') io.err(`users: ${error.message}`);
      io.err(USAGE);
      return 2;
    }
    if (error instanceof UserError || error instanceof AuditKeyError || error instanceof ServiceAccountError) {
      io.err(`users: ${error.message}`);
      return 1;
    }
    if (error instanceof TypeError && 'code' in error && typeof error.code === 'string' && error.code.startsWith('ERR_PARSE_ARGS')) {
      io.err(`users: ${error.message}`);
      io.err(USAGE);
      return 2;
    }
    io.err(`users: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db?.close();
  }
}
