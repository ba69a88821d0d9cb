import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type { OrderCreateRequest, OrderStatus } from '../contract/schemas.ts';
import { orderStatusSchema } from '../contract/schemas.ts';

// Helpers over the console's stable hooks for QA (D10) and nothing else: an input's `name` is its
// JSON path in the request body, every action is a button with an accessible name, the order status
// is the text of data-testid="order-status", and the routes are /orders, /orders/new, /orders/{id}.
// Plain functions over a Page (no page-object classes), so they compose with any fixture.

/** The input whose `name` is this JSON path, e.g. `order_data.amount`, `items.1.vat`. */
export function field(scope: Page | Locator, jsonPath: string): Locator {
  return scope.locator(`[name="${jsonPath}"]`);
}

/** The element holding the order's raw status (`new`, `activated`, …). */
export function orderStatus(page: Page): Locator {
  return page.getByTestId('order-status');
}

/** The order page's status, parsed: fails when it is not one of the contract's statuses. */
export async function readStatus(page: Page): Promise<OrderStatus> {
  const status = orderStatus(page);
  await expect(status).toBeVisible();
  return orderStatusSchema.parse((await status.textContent())?.trim());
}

/** One of the order page's three amounts as shown: `initial_amount`, `refund_amount`, `current_amount`. */
export function orderAmount(page: Page, member: 'initial_amount' | 'refund_amount' | 'current_amount'): Locator {
  return page.getByTestId(`amount-${member}`);
}

/** Opens /orders/{id} and waits until its status shows. */
export async function openOrder(page: Page, id: string): Promise<void> {
  await page.goto(`/orders/${encodeURIComponent(id)}`);
  await expect(orderStatus(page)).toBeVisible();
}

type Leaf = [path: string, value: string | number | boolean];

function leaves(value: unknown, path: string, out: Leaf[]): Leaf[] {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    out.push([path, value]);
  } else if (Array.isArray(value)) {
    value.forEach((element, index) => leaves(element, `${path}.${index}`, out));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, member] of Object.entries(value)) leaves(member, path === '' ? key : `${path}.${key}`, out);
  }
  return out;
}

const ROW_BUTTONS = { items: 'Add item', transaction_history: 'Add transaction' } as const;

/**
 * Fills the create form (already open at /orders/new) from a request body, input by input under its
 * JSON path; adds item and transaction rows as needed. Does not submit.
 */
export async function fillCreateForm(page: Page, body: OrderCreateRequest): Promise<void> {
  for (const [list, button] of Object.entries(ROW_BUTTONS)) {
    const rows = list === 'items' ? (body.items ?? []) : (body.transaction_history ?? []);
    for (let index = 0; index < rows.length; index += 1) {
      const firstInput = page.locator(`[name^="${list}.${index}."]`).first();
      if ((await firstInput.count()) === 0) {
        await page.getByRole('button', { name: button }).click();
        await expect(firstInput).toBeAttached();
      }
    }
  }
  for (const [path, value] of leaves(body, '', [])) {
    const input = field(page, path);
    const kind = await input.evaluate((element: { tagName: string; type?: string }) => (element.tagName === 'SELECT' ? 'select' : (element.type ?? '')));
    if (kind === 'select') await input.selectOption(String(value));
    else if (kind === 'checkbox') await input.setChecked(value === true);
    else await input.fill(String(value));
  }
}

/** Fills the create form from a body, presses Create order and returns the new order's id from the URL. */
export async function createOrderThroughForm(page: Page, body: OrderCreateRequest): Promise<string> {
  if (!new URL(page.url(), 'http://x').pathname.endsWith('/orders/new')) await page.goto('/orders/new');
  await fillCreateForm(page, body);
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(orderStatus(page)).toBeVisible();
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

export interface DialogRefund {
  /** Omitted: a full refund of the current amount. */
  amount?: string;
  destination?: string;
  /**
   * Omitted: the console's own suggestion. In team mode the console server makes both identifiers
   * and the dialog shows no field for them: these are left out there.
   */
  paymentIdentifier?: string;
  externalId?: string;
  /** Team mode (D17): the reason chosen (the list in src/contract/refund-reasons.ts), and its note. */
  reason?: string;
  reasonNote?: string;
}

/** The order page's refund dialog. */
export function refundDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Refund order / });
}

/** Opens the refund dialog on the order page and fills it; stops before "Review refund". */
export async function fillRefund(page: Page, input: DialogRefund): Promise<Locator> {
  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = refundDialog(page);
  if (input.amount !== undefined) {
    // The segmented control's radio is visually hidden: a person clicks its visible label.
    await dialog.getByText('Partial', { exact: true }).click();
    await expect(dialog.locator('[name="refund_kind"][value="partial"]')).toBeChecked();
    await field(dialog, 'amount').fill(input.amount);
  }
  await field(dialog, 'destination_account_number').fill(input.destination ?? 'CZ6508000000192000145399');
  const own = (await field(dialog, 'external_id').count()) > 0;
  if (own && input.paymentIdentifier !== undefined) await field(dialog, 'payment_identifier').fill(input.paymentIdentifier);
  if (own && input.externalId !== undefined) await field(dialog, 'external_id').fill(input.externalId);
  if (input.reason !== undefined) await field(dialog, 'reason').selectOption(input.reason);
  if (input.reasonNote !== undefined) await field(dialog, 'reason_note').fill(input.reasonNote);
  return dialog;
}

/** Fills, reviews and confirms a refund; returns once the dialog has closed. */
export async function refundThroughDialog(page: Page, input: DialogRefund): Promise<void> {
  const dialog = await fillRefund(page, input);
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(dialog).toBeHidden();
}
