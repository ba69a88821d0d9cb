// Request bodies and form drafts the bench sends. Shapes follow the contract (2.2 and 2.3).

export const TOKEN = 'dev-token';
export const AUTH_HEADER = `Token ${TOKEN}`;

/** A realistic create body: three items, one earlier transaction, the customer's details. */
export function createBody(externalId: string, amount = '62.29'): Record<string, unknown> {
  return {
    service: 'provider-pay',
    order_external_id: externalId,
    return_url: 'https://shop.example.com/return',
    order_data: { eshop_external_id: 'ESHOP-CZ-01', amount },
    transaction_history: [
      { date: '2026-01-05', transaction_id: 'TX-7K2M9Q4P', eshop_external_id: 'ESHOP-CZ-01', amount: '39.90', mcc: 5411, is_canceled: false, payment_type: 'card' },
    ],
    customer_data: {
      email: 'jana.novakova@example.com',
      first_name: 'Jana',
      last_name: 'Nováková',
      phone_number: '+420601234567',
      street_name: 'Dlouhá',
      street_number: '12',
      city: 'Praha',
      zipcode: '11000',
      country: 'CZ',
    },
    items: [
      { name: 'Ceramic mug 350 ml', product_id: 'SKU-MUG-350', quantity: 1, amount: '12.90', vat: '21', type: 'goods' },
      { name: 'Coffee beans 1 kg', product_id: 'SKU-COF-1000', quantity: 2, amount: '22.20', vat: '12', type: 'goods' },
      { name: 'Parcel delivery', quantity: 1, amount: '4.99', vat: '21', type: 'shipment' },
    ],
  };
}

/** The smallest valid create body: what the list needs, at the lowest cost per order to seed. */
export function minimalCreateBody(externalId: string): Record<string, unknown> {
  return {
    order_external_id: externalId,
    return_url: 'https://shop.example.com/return',
    order_data: { eshop_external_id: 'ESHOP-CZ-01', amount: '62.29' },
    customer_data: {},
  };
}

export function refundBody(n: number): Record<string, unknown> {
  return { amount: '0.01', destination_account_number: 'CZ6508000000192000145399', payment_identifier: `RF-${n}`, external_id: `refund-${n}` };
}

/** The create form's draft (sessionStorage) with `items` item rows and `transactions` rows, all valid. */
export function formDraft(items: number, transactions: number): Record<string, unknown> {
  return {
    service: 'provider-pay',
    order_external_id: '',
    payment_identifier: '',
    return_url: 'https://shop.example.com/return',
    order_data: { eshop_external_id: 'ESHOP-CZ-01', amount: String(items * 10) + '.00' },
    customer_data: {
      email: 'jana.novakova@example.com', first_name: 'Jana', last_name: 'Nováková', phone_number: '', street_name: '', street_number: '',
      apartment_number: '', city: 'Praha', zipcode: '', country: 'CZ', personal_id: '',
    },
    items: Array.from({ length: items }, (_, i) => ({ name: `Item ${i + 1}`, product_id: `SKU-${i + 1}`, quantity: '1', amount: '10.00', vat: '21', type: 'goods' })),
    transaction_history: Array.from({ length: transactions }, (_, i) => ({
      date: '2026-01-05', transaction_id: `TX-${i + 1}`, eshop_external_id: 'ESHOP-CZ-01', amount: '39.90', mcc: '5411', is_canceled: false, payment_type: 'card',
    })),
  };
}

/** The same order as a request body, for the form's Import JSON dialog. */
export function importBody(items: number, transactions: number): Record<string, unknown> {
  const base = createBody('', `${items * 10}.00`);
  return {
    ...base,
    items: Array.from({ length: items }, (_, i) => ({ name: `Item ${i + 1}`, product_id: `SKU-${i + 1}`, quantity: 1, amount: '10.00', vat: '21', type: 'goods' })),
    transaction_history: Array.from({ length: transactions }, (_, i) => ({
      date: '2026-01-05', transaction_id: `TX-${i + 1}`, eshop_external_id: 'ESHOP-CZ-01', amount: '39.90', mcc: 5411, is_canceled: false, payment_type: 'card',
    })),
  };
}
