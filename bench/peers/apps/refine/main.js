/* global document, fetch */
// Issue 27's peer: refine (@refinedev/core) with its Mantine UI (@refinedev/mantine, Mantine 5 as it
// requires): the List page and a Mantine Table of the 50 orders read through useList and a small data
// provider. Telemetry off (it would call out). createElement, like bench/hello.
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Refine, useList } from '@refinedev/core';
import { List, RefineThemes } from '@refinedev/mantine';
import { MantineProvider, Table } from '@mantine/core';

const COLUMNS = ['reference', 'status', 'amount', 'currency', 'email', 'created'];

const unsupported = () => Promise.reject(new Error('read-only peer'));
const dataProvider = {
  getList: async ({ resource }) => {
    const data = await (await fetch(`/api/${resource}`)).json();
    return { data, total: data.length };
  },
  getOne: unsupported,
  create: unsupported,
  update: unsupported,
  deleteOne: unsupported,
  getApiUrl: () => '/api',
};

function OrderList() {
  const { result } = useList({ resource: 'orders', pagination: { pageSize: 50 } });
  return h(
    List,
    { resource: 'orders', title: 'Orders' },
    h(
      Table,
      { striped: true, highlightOnHover: true },
      h('thead', null, h('tr', null, ...COLUMNS.map((c) => h('th', { key: c }, c)))),
      h('tbody', null, ...(result?.data ?? []).map((o) => h('tr', { key: o.id }, ...COLUMNS.map((c) => h('td', { key: c }, o[c]))))),
    ),
  );
}

function App() {
  return h(
    MantineProvider,
    { theme: RefineThemes.Blue, withNormalizeCSS: true, withGlobalStyles: true },
    h(Refine, { dataProvider, resources: [{ name: 'orders', list: '/' }], options: { disableTelemetry: true } }, h(OrderList)),
  );
}

createRoot(document.getElementById('root')).render(h(StrictMode, null, h(App)));
