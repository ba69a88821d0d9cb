// docs/decisions.md D1: the interface's paths in one place, so a deployment can change them.
// orderCreate and read-one are assumed (the document hides them); refund is documented.
export const PSP_PREFIX = '/psp/v2';

export const orderServicePaths = {
  orderCreate: () => `${PSP_PREFIX}/order/`,
  orderRead: (orderId: string) => `${PSP_PREFIX}/order/${encodeURIComponent(orderId)}/`,
  orderRefund: (orderId: string) => `${PSP_PREFIX}/order/${encodeURIComponent(orderId)}/refund/`,
} as const;

// docs/decisions.md D7: the sandbox's own control API and customer checkout page (not the partner interface).
export const sandboxPaths = {
  orders: () => '/sandbox/orders',
  orderStatus: (orderId: string) => `/sandbox/orders/${encodeURIComponent(orderId)}/status`,
  reset: () => '/sandbox/reset',
  checkout: (orderId: string) => `/sandbox/checkout/${encodeURIComponent(orderId)}`,
  // The page a sample order's return_url names: where the checkout sends the customer back (no token).
  returnPage: () => '/sandbox/return',
  // D12: an order's history and the create request as received.
  orderEvents: (orderId: string) => `/sandbox/orders/${encodeURIComponent(orderId)}/events`,
  orderRequest: (orderId: string) => `/sandbox/orders/${encodeURIComponent(orderId)}/request`,
  // D13: fault injection rules of the token.
  faults: () => '/sandbox/faults',
  fault: (faultId: string) => `/sandbox/faults/${encodeURIComponent(faultId)}`,
  // The token's orders aggregated (counts per status and hour, refund sums, refusals).
  stats: () => '/sandbox/stats',
} as const;

/**
 * Sandbox only: a request with this header keeps its orders, history and fault rules apart from the
 * token's own, under that name (a scenario run must not fill the list of a person sharing
 * the token). Letters, digits, `.`, `_` and `-`, at most 64.
 */
export const SANDBOX_NAMESPACE_HEADER = 'X-Sandbox-Namespace';
export const SANDBOX_NAMESPACE_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** The server's own description for the console it serves (sandbox or proxy mode), no token needed. */
export const CONSOLE_CONFIG_PATH = '/console-config.json';

/** Team mode: the id of the JSON data block a server-rendered page carries (contract/team-page.ts). */
export const TEAM_PAGE_DATA_ID = 'team-page-data';
/** Team mode: the cookie in which the browser tells the console server its locale and time zone (`locale|zone`, URI-encoded). */
export const INTL_COOKIE = 'console-intl';
