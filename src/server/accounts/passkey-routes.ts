import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { Context, Hono } from 'hono';
import { accountPaths, addPasskeyBodySchema, confirmPasswordBodySchema } from '../../contract/account.ts';
import { detailError, validationError } from '../../http/errors.ts';
import type { TeamContext, TeamEnv } from '../team-session.ts';
import { expectedOrigin } from '../team-session.ts';
import { recordAccountEvent } from './account-audit.ts';
import { accountBody } from './account-body.ts';
import { describeAccount } from './account-view.ts';
import { confirmPassword } from './confirm-password.ts';
import { addPasskey, keepChallenge, passkeysOf, removePasskey, takeChallenge } from './passkeys.ts';

// docs/accounts.md: "Add a passkey" on /account with @simplewebauthn/server. Adding one needs the password
// again, as an authenticator app does (a session left open must not add a factor someone else holds).
// The passkey must be discoverable and verify its person (a PIN or a fingerprint): it signs in alone,
// as both factors.

const NO_STORE = { 'Cache-Control': 'no-store' };
export const RP_NAME = 'Order Console';

/** The console's public origin and, from it, the WebAuthn relying party id (its host name). */
export function relyingParty(c: Context, ctx: TeamContext): { origin: string; rpID: string } {
  const origin = expectedOrigin(c, ctx.config);
  return { origin, rpID: new URL(origin).hostname };
}

export function mountPasskeyRoutes(app: Hono<TeamEnv>, ctx: TeamContext): void {
  app.post(accountPaths.passkeyOptions(), async (c) => {
    const user = c.get('user');
    const body = await accountBody(c, confirmPasswordBodySchema);
    await confirmPassword(ctx, c, user, body.current_password, 'current_password', 'passkey_add');
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: relyingParty(c, ctx).rpID,
      userName: user.email,
      attestationType: 'none',
      excludeCredentials: (await passkeysOf(ctx.db, user.email)).map((p) => ({ id: p.id, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await keepChallenge(ctx.db, { purpose: 'register', email: user.email }, options.challenge);
    return c.json(options, 200, NO_STORE);
  });

  app.post(accountPaths.passkeys(), async (c) => {
    const user = c.get('user');
    const body = await accountBody(c, addPasskeyBodySchema);
    const challenge = await takeChallenge(ctx.db, { purpose: 'register', email: user.email });
    const refused = async (reason: string) => {
      await recordAccountEvent(ctx, c, { actor: user, action: 'passkey_add', email: user.email, outcome: reason, body: { name: body.name } });
      return validationError({ response: ['The passkey could not be added: try again, and allow your device to verify you.'] });
    };
    if (challenge === null) throw await refused('no_challenge');
    const { origin, rpID } = relyingParty(c, ctx);
    const verified = await verifyRegistrationResponse({ response: body.response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true }).catch(() => null);
    if (verified === null || !verified.verified) throw await refused('not_verified');
    const { credential } = verified.registrationInfo;
    await addPasskey(ctx.db, { id: credential.id, email: user.email, name: body.name, publicKey: credential.publicKey, counter: credential.counter, transports: credential.transports ?? [] }).catch(async () => {
      throw await refused('already_added');
    });
    await recordAccountEvent(ctx, c, { actor: user, action: 'passkey_add', email: user.email, body: { name: body.name } });
    return c.json(await describeAccount(ctx, user), 201, NO_STORE);
  });

  app.delete(`${accountPaths.passkeys()}/:id`, async (c) => {
    const user = c.get('user');
    const name = await removePasskey(ctx.db, user.email, c.req.param('id'));
    if (name === null) throw detailError(404, 'not_found', 'You have no such passkey.');
    await recordAccountEvent(ctx, c, { actor: user, action: 'passkey_remove', email: user.email, body: { name } });
    return c.json(await describeAccount(ctx, user), 200, NO_STORE);
  });
}
