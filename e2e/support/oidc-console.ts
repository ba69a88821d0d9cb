import { startTestProvider } from '../../src/server/oidc/testing/test-provider.ts';

// The e2e suite's team console with CONSOLE_AUTH=oidc (playwright.config.ts): a real OpenID provider
// (oidc-provider) on OIDC_PROVIDER_PORT with an agent and a viewer, then `npm start`'s own main in this
// process with OIDC_ISSUER pointing at it. PORT is the console's; the provider goes with the process.

const OIDC_AGENT = 'oidc-agent';
const OIDC_VIEWER = 'oidc-viewer';
const CLIENT_ID = 'order-console-e2e';
// A test provider's client secret, on 127.0.0.1 only for the length of the run.
const CLIENT_SECRET = 'e2e-oidc-client-secret-7c21';

const port = process.env['PORT'] ?? '';
const providerPort = process.env['OIDC_PROVIDER_PORT'] ?? '';
if (!/^[0-9]+$/.test(port) || !/^[0-9]+$/.test(providerPort)) throw new Error('oidc-console: PORT and OIDC_PROVIDER_PORT must be ports');
const provider = await startTestProvider({
  port: Number.parseInt(providerPort, 10),
  clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [`http://127.0.0.1:${port}/auth/oidc/callback`] }],
  accounts: [
    { sub: OIDC_AGENT, claims: { email: 'oidc-agent@example.com', email_verified: true, name: 'Agent', roles: ['agent'] } },
    { sub: OIDC_VIEWER, claims: { email: 'oidc-viewer@example.com', email_verified: true, name: 'Viewer', roles: ['viewer'] } },
  ],
});
process.env['CONSOLE_AUTH'] = 'oidc';
process.env['OIDC_ISSUER'] = provider.issuer;
process.env['OIDC_CLIENT_ID'] = CLIENT_ID;
process.env['OIDC_CLIENT_SECRET'] = CLIENT_SECRET;
process.env['OIDC_ROLES_CLAIM'] = 'roles';
await import('../../src/server/main.ts');
