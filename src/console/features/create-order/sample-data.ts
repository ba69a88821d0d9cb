import { formatMoney, multiplyMoney, sumMoney } from '../../../contract/money.ts';
import { sandboxPaths } from '../../../contract/paths.ts';
import type { CreateOrderFormValues, ItemValues } from './form-values.ts';

// "Fill with sample data": a valid, realistic order an onboarding engineer can send as is. The
// external id is new every time, because the service refuses a second order with the same one.

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `ORD-20260122-7KQ4ZD`: readable, sortable by day, unique enough for a sandbox (32^6 per day). */
export function sampleExternalId(now = new Date()): string {
  return `ORD-${isoDate(now).replaceAll('-', '')}-${randomCode(6)}`;
}

/** The sandbox's return page on this console's server (also in proxy mode): the sample and the placeholder of return_url. */
export function sampleReturnUrl(origin = window.location.origin): string {
  return `${origin}${sandboxPaths.returnPage()}`;
}

/**
 * `origin`: where the console runs. Its server answers the sample return_url with a page that says
 * what happened at the checkout and links back to the order (src/sandbox/return-routes.ts).
 */
export function sampleFormValues(now = new Date(), origin = window.location.origin): CreateOrderFormValues {
  const mugs = String(1 + (crypto.getRandomValues(new Uint8Array(1))[0] ?? 0) % 3);
  const items: ItemValues[] = [
    { name: 'Ceramic mug 350 ml', product_id: 'SKU-MUG-350', quantity: mugs, amount: '12.90', vat: '21', type: 'goods' },
    { name: 'Coffee beans 1 kg', product_id: 'SKU-COF-1000', quantity: '1', amount: '24.50', vat: '12', type: 'goods' },
    { name: 'Parcel delivery', product_id: '', quantity: '1', amount: '4.99', vat: '21', type: 'shipment' },
  ];
  // The order amount is the exact sum of the lines, so the totals check stays quiet.
  const amount = formatMoney(sumMoney(items.map((item) => multiplyMoney(item.amount, Number(item.quantity)))));
  const monthAgo = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 30);
  return {
    service: 'provider-pay',
    order_external_id: sampleExternalId(now),
    payment_identifier: '',
    return_url: sampleReturnUrl(origin),
    order_data: { eshop_external_id: 'ESHOP-CZ-01', amount },
    customer_data: {
      email: 'jana.novakova@example.com',
      first_name: 'Jana',
      last_name: 'Nováková',
      phone_number: '+420601234567',
      street_name: 'Dlouhá',
      street_number: '12',
      apartment_number: '3',
      city: 'Praha',
      zipcode: '11000',
      country: 'CZ',
      personal_id: '905101/1234',
    },
    items,
    transaction_history: [
      {
        date: isoDate(monthAgo),
        transaction_id: `TX-${randomCode(8)}`,
        eshop_external_id: 'ESHOP-CZ-01',
        amount: '39.90',
        mcc: '5411',
        is_canceled: false,
        payment_type: 'card',
      },
    ],
  };
}
