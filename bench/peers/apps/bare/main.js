/* global document, fetch */
// Issue 27's baseline: React and nothing else. Fetches the 50 orders, renders them as a table.
// createElement, like bench/hello, so it needs no JSX setup of its own.
import { createElement as h, StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

const COLUMNS = ['reference', 'status', 'amount', 'currency', 'email', 'created'];

function App() {
  const [orders, setOrders] = useState(null);
  useEffect(() => {
    fetch('/api/orders')
      .then((response) => response.json())
      .then(setOrders, () => setOrders([]));
  }, []);
  return h(
    'main',
    null,
    h('h1', null, 'Orders'),
    orders === null
      ? h('p', null, 'Loading…')
      : h(
          'table',
          null,
          h('thead', null, h('tr', null, ...COLUMNS.map((c) => h('th', { key: c }, c)))),
          h('tbody', null, ...orders.map((o) => h('tr', { key: o.id }, ...COLUMNS.map((c) => h('td', { key: c }, o[c]))))),
        ),
  );
}

createRoot(document.getElementById('root')).render(h(StrictMode, null, h(App)));
