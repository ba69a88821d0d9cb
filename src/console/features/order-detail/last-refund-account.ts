// The destination account of the last refund this tab made, per environment, offered again in the
// refund dialog: a tester refunds to the same test account order after order. sessionStorage keeps
// it to this tab; a production account is never offered in a sandbox or the other way round.

const key = (environmentId: string) => `order-console:last-refund-account:${environmentId}`;

export function lastRefundAccount(environmentId: string): string | null {
  try {
    const value = window.sessionStorage.getItem(key(environmentId));
    return value === null || value.trim() === '' ? null : value;
  } catch {
    return null;
  }
}

export function rememberRefundAccount(environmentId: string, account: string): void {
  try {
    window.sessionStorage.setItem(key(environmentId), account);
  } catch {
    // Storage full or off: the next refund is typed in full, nothing else is lost.
  }
}
