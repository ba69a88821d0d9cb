import type { Grant } from '../../contract/permissions.ts';
import { formatGrant } from '../../contract/permissions.ts';
import type { Database } from '../../db/store-db.ts';
import type { AuditSink } from '../audit-sink.ts';
import { addServiceAccount, listServiceAccounts, revokeServiceAccount, rotateServiceKey } from './service-accounts.ts';

// `npm run users -- add-service NAME --role agent@prod`, `rotate-service NAME`, `revoke-service NAME`,
// `list-services`: the key is printed once, on its own line (a script can take it with `tail -1`), and
// is in no audit row; each change is audited with who (the CLI) and which account.

export interface ServiceCommand {
  command: 'add-service' | 'rotate-service' | 'revoke-service' | 'list-services';
  name: string;
  grants: Grant[];
}

export async function serviceAccountCommand(db: Database, audit: AuditSink, { command, name, grants }: ServiceCommand, out: (line: string) => void): Promise<void> {
  const record = (action: string, body: Record<string, unknown>) =>
    audit.record({ user: null, role: 'cli', environment: null, action, order_id: null, body: { service_account: name, ...body }, outcome: 'ok', address: null, user_agent: 'npm run users' });
  switch (command) {
    case 'add-service': {
      const { account, key } = await addServiceAccount(db, name, grants);
      await record('service_account_add', { grants: account.grants.map(formatGrant) });
      out(`added service account ${account.name}: ${account.grants.map(formatGrant).join(', ')}`);
      out('its API key, shown this once (send it as Authorization: Token <key>):');
      out(key);
      return;
    }
    case 'rotate-service': {
      const { account, key } = await rotateServiceKey(db, name);
      await record('service_account_rotate', { key_hint: account.keyHint });
      out(`new key for ${account.name}; the old one no longer works. Shown this once:`);
      out(key);
      return;
    }
    case 'revoke-service': {
      await revokeServiceAccount(db, name);
      await record('service_account_revoke', {});
      out(`revoked ${name}: its key is refused from now on (rotate-service gives it a new one)`);
      return;
    }
    case 'list-services':
      for (const account of await listServiceAccounts(db)) {
        out(`${account.name}\t${account.status}\t${account.grants.map(formatGrant).join(',')}\t${account.keyHint}\tlast used ${account.lastUsedAt ?? 'never'}`);
      }
      return;
  }
}
