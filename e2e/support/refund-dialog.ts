import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { field } from './ui.ts';

// The order page's refund dialog, step by step as a person goes through it.

export interface RefundInput {
  /** Omitted: a full refund of the current amount. */
  amount?: string;
  destination?: string;
  paymentIdentifier?: string;
  externalId: string;
}

export function refundDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Refund order / });
}

/** Opens the dialog and fills it; stops before "Review refund". */
export async function fillRefund(page: Page, input: RefundInput): Promise<Locator> {
  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = refundDialog(page);
  if (input.amount !== undefined) {
    // The segmented control's radio is visually hidden: a person clicks its visible label.
    await dialog.getByText('Partial', { exact: true }).click();
    await expect(dialog.locator('[name="refund_kind"][value="partial"]')).toBeChecked();
    await field(dialog, 'amount').fill(input.amount);
  }
  await field(dialog, 'destination_account_number').fill(input.destination ?? 'CZ6508000000192000145399');
  if (input.paymentIdentifier !== undefined) await field(dialog, 'payment_identifier').fill(input.paymentIdentifier);
  await field(dialog, 'external_id').fill(input.externalId);
  return dialog;
}

/** Fills, reviews and confirms; returns once the dialog has closed. */
export async function refundThroughDialog(page: Page, input: RefundInput): Promise<void> {
  const dialog = await fillRefund(page, input);
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();
  await dialog.waitFor({ state: 'detached' });
}
