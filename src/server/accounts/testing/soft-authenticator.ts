import type { KeyObject } from 'node:crypto';
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { z } from 'zod';

// A passkey in software, for API tests: it answers WebAuthn's create() (attestation "none", ES256 on
// P-256) and get() as an authenticator that verified its person would, so the server's checks can be
// driven over HTTP without a browser. Written here because no maintained package plays the
// authenticator's side; the browser tests use Chromium's own virtual authenticator instead.

type Cbor = number | string | Buffer | Map<number | string, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(n, 1);
  return b;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value, 'utf8')]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (data: Buffer) => data.toString('base64url');
const counterBytes = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export const creationOptionsSchema = z.object({ challenge: z.string(), rp: z.object({ id: z.string() }), user: z.object({ id: z.string() }) });
export const requestOptionsSchema = z.object({ challenge: z.string(), rpId: z.string() });

export class SoftAuthenticator {
  readonly id = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;
  private userHandle = '';

  /** The answer to create(): a new credential for the relying party, as @simplewebauthn/browser sends it. */
  create(options: z.infer<typeof creationOptionsSchema>, origin: string) {
    this.userHandle = options.user.id;
    const jwk = z.object({ x: z.string(), y: z.string() }).parse(this.keys.publicKey.export({ format: 'jwk' }));
    const cose = cbor(new Map<number, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x, 'base64url')], [-3, Buffer.from(jwk.y, 'base64url')]]));
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    // Flags: user present, user verified, attested credential data.
    const authData = Buffer.concat([sha256(options.rp.id), Buffer.from([0x45]), counterBytes(0), Buffer.alloc(16), idLength, this.id, cose]);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false });
    return {
      id: b64(this.id),
      rawId: b64(this.id),
      type: 'public-key' as const,
      response: { clientDataJSON: b64(Buffer.from(clientData)), attestationObject: b64(cbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]))), transports: ['internal' as const] },
      clientExtensionResults: {},
    };
  }

  /** The answer to get(), signed with this credential's key, or with `signWith` (a forger's). */
  get(options: z.infer<typeof requestOptionsSchema>, origin: string, signWith: KeyObject = this.keys.privateKey) {
    this.counter += 1;
    const authData = Buffer.concat([sha256(options.rpId), Buffer.from([0x05]), counterBytes(this.counter)]);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }));
    return {
      id: b64(this.id),
      rawId: b64(this.id),
      type: 'public-key' as const,
      response: { clientDataJSON: b64(clientData), authenticatorData: b64(authData), signature: b64(sign('sha256', Buffer.concat([authData, sha256(clientData)]), signWith)), userHandle: this.userHandle },
      clientExtensionResults: {},
    };
  }
}

/** A key that is no passkey's: what a forger signs with. */
export const forgersKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
