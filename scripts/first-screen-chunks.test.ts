import { expect, test } from 'vitest';
import { groupModules } from './first-screen-chunks.ts';

// Each first screen's chunk holds what its roots reach and no earlier screen has; a
// package index is followed only to the components a module names from it.

const M = '/app/node_modules/@mantine/core/esm';
const code: Record<string, string> = {
  '/app/src/main.tsx': 'import { Box } from "@mantine/core";\nimport "./shell.tsx";',
  '/app/src/shell.tsx': 'import { jsx } from "react/jsx-runtime";\nexport const Shell = 1;',
  '/app/src/list.tsx': 'import { Table, Box as B } from "@mantine/core";\nimport "./shell.tsx";\nimport "./parse.ts";',
  '/app/src/parse.ts': 'export const parse = 1;',
  '/app/src/order.tsx': 'import { Modal } from "@mantine/core";\nimport "./parse.ts";',
  [`${M}/index.mjs`]: [
    'import { Box } from "./Box.mjs";',
    'import { Table } from "./Table.mjs";',
    'import { Modal } from "./Modal.mjs";',
    'import { Menu } from "./Menu.mjs";',
    'export { Box, Menu, Modal, Table };',
  ].join('\n'),
  [`${M}/Box.mjs`]: 'export const Box = 1;',
  [`${M}/Table.mjs`]: 'import { Box } from "./Box.mjs";\nexport const Table = 1;',
  [`${M}/Modal.mjs`]: 'export const Modal = 1;',
  [`${M}/Menu.mjs`]: 'export const Menu = 1;',
  '/app/node_modules/react/jsx-runtime.js': 'export const jsx = 1;',
};
const imports: Record<string, string[]> = {
  '/app/src/main.tsx': [`${M}/index.mjs`, '/app/src/shell.tsx'],
  '/app/src/shell.tsx': ['/app/node_modules/react/jsx-runtime.js'],
  '/app/src/list.tsx': [`${M}/index.mjs`, '/app/src/shell.tsx', '/app/src/parse.ts'],
  '/app/src/order.tsx': [`${M}/index.mjs`, '/app/src/parse.ts'],
  [`${M}/index.mjs`]: [`${M}/Box.mjs`, `${M}/Table.mjs`, `${M}/Modal.mjs`, `${M}/Menu.mjs`],
  [`${M}/Table.mjs`]: [`${M}/Box.mjs`],
};
const graph = { ids: () => Object.keys(code), staticImports: (id: string) => imports[id] ?? [], code: (id: string) => code[id] ?? null };

test('each module goes to the first screen that needs it; unused components of a package index go nowhere', () => {
  const owner = groupModules(graph, [
    { name: 'shell', roots: ['/src/main.tsx'] },
    { name: 'list', roots: ['/src/list.tsx'] },
    { name: 'order', roots: ['/src/order.tsx'] },
  ]);
  expect(Object.fromEntries([...owner].filter(([id]) => !id.endsWith('.tsx') && !id.endsWith('.ts')))).toEqual({
    [`${M}/Box.mjs`]: 'shell',
    '/app/node_modules/react/jsx-runtime.js': 'shell',
    [`${M}/Table.mjs`]: 'list',
    [`${M}/Modal.mjs`]: 'order',
  });
  expect(owner.get('/app/src/shell.tsx')).toBe('shell');
  // Shared by the list and an order: with the list, which comes first; the order's page loads it from there.
  expect(owner.get('/app/src/parse.ts')).toBe('list');
  expect(owner.has(`${M}/Menu.mjs`)).toBe(false);
  expect(owner.has(`${M}/index.mjs`)).toBe(false);
});

test('a root missing from the build stops it, rather than silently splitting as before', () => {
  expect(() => groupModules(graph, [{ name: 'gone', roots: ['/src/removed.tsx'] }])).toThrow(/no module \/src\/removed\.tsx/);
});

test('a name the package index re-exports from another package is found there, not by taking the whole index', () => {
  // Mantine's index re-exports RemoveScroll from react-remove-scroll; @mantine/notifications takes it
  // with Box. Unresolved, the whole index (every component: Drawer, Tabs, PasswordInput...) went into
  // the orders page's first chunk.
  const RS = '/app/node_modules/react-remove-scroll/dist/index.js';
  const withBare = {
    ids: () => [...Object.keys(code), RS, '/app/src/notify.tsx'],
    staticImports: (id: string) => (id === `${M}/index.mjs` ? [...(imports[id] ?? []), RS] : id === '/app/src/notify.tsx' ? [`${M}/index.mjs`] : (imports[id] ?? [])),
    code: (id: string) =>
      id === `${M}/index.mjs`
        ? `${code[id]}\nimport { RemoveScroll } from "react-remove-scroll";\nexport { RemoveScroll };`
        : id === '/app/src/notify.tsx'
          ? 'import { Box, RemoveScroll } from "@mantine/core";'
          : id === RS
            ? 'export const RemoveScroll = 1;'
            : (code[id] ?? null),
  };
  const owner = groupModules(withBare, [{ name: 'notify', roots: ['/src/notify.tsx'] }]);
  expect([...owner.keys()].sort()).toEqual(['/app/src/notify.tsx', `${M}/Box.mjs`, RS].sort());
});
