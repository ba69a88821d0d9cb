// A refund's own identifiers (2.3: payment_identifier distinguishes returns in the batch settlement).
// Generated before anything is sent and kept with the refund, so the same refund sent again carries
// the same identifier and the service refuses it as a duplicate instead of paying twice. Shared by
// the refund dialog and the bulk refund runner. Web Crypto: the browser's and Node's global.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
// 252 is the largest multiple of 36 below 256: bytes from 252 up are dropped so every character is equally likely.
const UNBIASED_LIMIT = 252;

/** `length` random uppercase letters and digits, each equally likely. */
function randomCode(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      if (byte < UNBIASED_LIMIT && out.length < length) out += ALPHABET.charAt(byte % ALPHABET.length);
    }
  }
  return out;
}

/** A fresh refund payment identifier, "RF-" + 20 random uppercase letters and digits. */
export function newPaymentIdentifier(): string {
  return `RF-${randomCode(20)}`;
}

/** A fresh refund external ID, `REFUND-20260122-7KQ4ZD9X`: readable, sortable by day, unique in practice. */
export function newRefundExternalId(now = new Date()): string {
  const day = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  return `REFUND-${day}-${randomCode(8)}`;
}
