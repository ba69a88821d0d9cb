/* global document, fetch */
// Issue 27's peer: react-admin (Material UI) with its Admin, a Resource and a List + Datagrid of the
// 50 orders, read through a small data provider. Telemetry off (it would call out). createElement,
// like bench/hello.
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Admin, Datagrid, List, Resource, TextField } from 'react-admin';

const COLUMNS = ['reference', 'status', 'amount', 'currency', 'email', 'created'];

const unsupported = () => Promise.reject(new Error('read-only peer'));
const dataProvider = {
  getList: async (resource) => {
    const data = await (await fetch(`/api/${resource}`)).json();
    return { data, total: data.length };
  },
  getOne: unsupported,
  getMany: unsupported,
  getManyReference: unsupported,
  create: unsupported,
  update: unsupported,
  updateMany: unsupported,
  delete: unsupported,
  deleteMany: unsupported,
};

function OrderList() {
  return h(List, { perPage: 50, title: 'Orders' }, h(Datagrid, { bulkActionButtons: false, rowClick: false }, ...COLUMNS.map((c) => h(TextField, { key: c, source: c }))));
}

function App() {
  return h(Admin, { dataProvider, disableTelemetry: true }, h(Resource, { name: 'orders', list: OrderList }));
}

createRoot(document.getElementById('root')).render(h(StrictMode, null, h(App)));
