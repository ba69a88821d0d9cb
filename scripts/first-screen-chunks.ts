import type { Plugin } from 'vite';

// Requests before content: left to itself the bundler cut the code a first screen loads
// into ~50 small chunks (one per shared Mantine component, icon, helper), which the browser fetched
// one by one before the list or an order could show. Chunks are grouped here by what a first screen
// needs instead: the shell (everything main.tsx imports statically), then what /orders loads lazily
// before its list shows, then what /orders/{id} adds before its order shows. Each group holds
// exactly the modules reachable by static imports from its roots and from no earlier group, so no
// group pulls code into the shell (the initial bundle's budget) and no page loads a group it does
// not need. Everything else (other pages, dialogs, the history) keeps the bundler's own split.

/** A group: its chunk's name and the modules (as their ids end) whose static imports it holds. */
interface FirstScreen {
  name: string;
  roots: string[];
}

export const FIRST_SCREENS: FirstScreen[] = [
  // React's DOM renderer (react-dom, react, scheduler): half the shell's code, in a chunk of its own
  // so that Chromium compiles the two halves at once, on two background threads. The shell's compile
  // (eager: compile-hints.ts) was the longest wait before a cold page's first code could run; split,
  // the first screens come sooner for one request and a little more gzip (docs/performance.md).
  { name: 'react-dom', roots: ['/node_modules/react-dom/client.js'] },
  { name: 'shell', roots: ['/src/console/main.tsx'] },
  {
    // orders-route.tsx, main.tsx and the shell load these on /orders before the list shows (the
    // header's faults indicator and notifications host come after it: app/first-content.ts).
    name: 'orders-first-screen',
    roots: [
      '/src/console/features/orders-list/orders-page.tsx',
      '/src/console/features/orders/api/list-sandbox-orders.ts',
      '/src/console/lib/api-client.ts',
      '/src/console/app/page-styles.ts',
    ],
  },
  {
    // What /orders/{id} adds before its order's heading shows (its panels, lifecycle, history,
    // approvals, and the refund dialog load after it: order-sections.tsx, refund-button.tsx, so they
    // are not roots and keep the bundler's own split), with what the team index takes from it, which
    // the list's first screen does without: the order's record and formats, the local
    // index. One chunk: a cold order's first screen in fewer requests. No zod: the order shows as
    // received and its check against the contract (D9) comes after it (the contract's group, below),
    // as building the contract's schemas held a cold order's main thread. Nothing /orders loads may
    // import from it, the header's extras included: importing a chunk runs all of it, and that took a
    // large part of the list page's JS heap when this chunk held the schemas. So the
    // faults API, Mantine's portal and table, which the order's first screen does not use, are not
    // roots here: they go with the header's extras or the later chunks.
    name: 'order-first-screen',
    roots: [
      '/src/console/features/order-detail/order-page.tsx',
      // Read by a team page's hydration (app/team-page-seed.ts) and the local tab too.
      '/src/console/features/orders/api/order-queries.ts',
      '/src/console/features/orders/order-index.ts',
      // Shared with the team index (below): the order's formats.
      '/src/console/features/order-detail/order-format.ts',
    ],
  },
  {
    // The contract's schemas (zod) and an order's check against them (D9): after an order's first
    // screen (features/orders/received-order.ts loads the check once the order shows), before a team
    // page hydrates (app/team-page-seed.ts), and with the forms. One chunk rather than zod's modules
    // one by one.
    name: 'contract',
    roots: ['/src/contract/schemas.ts', '/src/contract/history.ts', '/src/console/features/orders/order-record.ts'],
  },
  {
    // Team mode's list, rendered on the server and hydrated: what it adds to the order's
    // chunk (the index's query and contract).
    name: 'team-index',
    roots: ['/src/console/features/orders-list/team-index-orders.tsx'],
  },
  {
    // The header's faults indicator, once the page has shown its content (app/first-content.ts):
    // one chunk rather than its and its dependencies' one by one.
    name: 'header-extras',
    roots: ['/src/console/features/faults/faults-indicator.tsx'],
  },
  {
    // The notifications' host, with the first notice (app/notifications-config.ts): the same.
    name: 'notices',
    roots: ['/src/console/app/notifications-host.tsx'],
  },
];

interface ModuleGraph {
  ids: () => Iterable<string>;
  staticImports: (id: string) => readonly string[];
  /** The module's code after the transforms (plain JS with import statements), when the bundler has it. */
  code: (id: string) => string | null;
}

const IMPORT_NAMES = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const DEFAULT_AS = /export\s*\{\s*default\s+as\s+(\w+)\s*\}\s*from\s*["']([^"']+)["']/g;

/** A package's index that only re-exports (@mantine/core, @tabler/icons-react): every statement an import or export. */
function isBarrel(id: string, code: string | null): boolean {
  if (!id.includes('/node_modules/') || code === null) return false;
  const statements = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== "'use client'" && s !== '"use client"');
  return statements.length > 0 && statements.every((s) => s.startsWith('import') || s.startsWith('export'));
}

/** `{ a, b as c }` as [imported, local] pairs. */
function namePairs(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter((part) => part !== '')
    .map((part) => {
      const [imported = part, local = imported] = part.split(/\s+as\s+/);
      return [imported.trim(), local.trim()];
    });
}

/**
 * The names a module takes from a barrel, mapped to the files that define them: following the barrel
 * itself would put every component of the package (its whole index) in the first group that meets it.
 */
function barrelTargets(
  barrelId: string,
  barrelCode: string,
  barrelImports: readonly string[],
  names: readonly string[],
  ids: ReadonlySet<string>,
  cache: Map<string, Map<string, string>>,
): string[] | null {
  let fileOf = cache.get(barrelId);
  if (fileOf === undefined) {
    const dir = barrelId.slice(0, barrelId.lastIndexOf('/') + 1);
    // A relative path is a file of the package; a bare name another package (Mantine's index
    // re-exports RemoveScroll from react-remove-scroll), found among what the barrel imports.
    const resolve = (spec: string) => {
      if (!spec.startsWith('.')) return barrelImports.find((id) => id.includes(`/node_modules/${spec}/`));
      const path = new URL(spec, `file://${dir}`).pathname;
      return ids.has(path) ? path : undefined;
    };
    fileOf = new Map<string, string>();
    for (const match of barrelCode.matchAll(IMPORT_NAMES)) {
      const file = resolve(match[2] ?? '');
      if (file !== undefined) for (const [, local] of namePairs(match[1] ?? '')) fileOf.set(local, file);
    }
    for (const match of barrelCode.matchAll(DEFAULT_AS)) {
      const file = resolve(match[2] ?? '');
      if (file !== undefined && match[1] !== undefined) fileOf.set(match[1], file);
    }
    cache.set(barrelId, fileOf);
  }
  const files = names.map((name) => fileOf.get(name));
  return files.every((f): f is string => f !== undefined) ? [...new Set(files)] : null;
}

/** What a module statically needs: its imports, a barrel replaced by the files of the names taken from it. */
function needs(graph: ModuleGraph, id: string, ids: ReadonlySet<string>, cache: Map<string, Map<string, string>>): string[] {
  const code = graph.code(id);
  const out: string[] = [];
  for (const imported of graph.staticImports(id)) {
    const barrelCode = graph.code(imported);
    if (code === null || !isBarrel(imported, barrelCode) || barrelCode === null) {
      out.push(imported);
      continue;
    }
    const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(imported)?.[1];
    const names = [...code.matchAll(IMPORT_NAMES)].filter((m) => m[2] === pkg).flatMap((m) => namePairs(m[1] ?? '').map(([name]) => name));
    const targets = names.length > 0 ? barrelTargets(imported, barrelCode, graph.staticImports(imported), names, ids, cache) : null;
    out.push(...(targets ?? [imported]));
  }
  return out;
}

/** Which group each module falls in: the first group whose roots reach it by static imports. */
export function groupModules(graph: ModuleGraph, screens: readonly FirstScreen[]): Map<string, string> {
  const ids = [...graph.ids()];
  const idSet = new Set(ids);
  const barrels = new Map<string, Map<string, string>>();
  const owner = new Map<string, string>();
  for (const screen of screens) {
    const stack = screen.roots.map((root) => {
      const id = ids.find((candidate) => candidate.endsWith(root));
      if (id === undefined) throw new Error(`first-screen-chunks: no module ${root} in the build`);
      return id;
    });
    const seen = new Set<string>();
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (seen.has(id) || owner.has(id)) continue;
      seen.add(id);
      stack.push(...needs(graph, id, idSet, barrels));
    }
    for (const id of seen) owner.set(id, screen.name);
  }
  return owner;
}

/** The plugin reads the module graph when the build has it; `test(name)` is the group's test for rolldown. */
export function firstScreenChunks(screens: readonly FirstScreen[] = FIRST_SCREENS): { plugin: Plugin; test: (name: string) => (id: string) => boolean } {
  let owner = new Map<string, string>();
  const plugin: Plugin = {
    name: 'order-console:first-screen-chunks',
    apply: 'build',
    buildEnd(error) {
      if (error !== undefined) return;
      owner = groupModules({ ids: () => this.getModuleIds(), staticImports: (id) => this.getModuleInfo(id)?.importedIds ?? [], code: (id) => this.getModuleInfo(id)?.code ?? null }, screens);
    },
  };
  // The bundler's runtime and Vite's virtual modules (ids starting with \0) go with the first group, which
  // every page loads, rather than into a chunk of their own: one request less.
  const first = screens[0]?.name;
  return { plugin, test: (name) => (id) => owner.get(id) === name || (name === first && id.startsWith('\0') && !owner.has(id)) };
}
