import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// One-way imports (docs/style.md, "The house"): contract -> zod/big.js only; http -> contract;
// db -> nothing of the project; bulk -> contract; sandbox -> contract, http, db; server -> contract,
// http, db, bulk and the sandbox's entry (src/sandbox/entry.ts); console -> contract (and the
// browser-safe bulk/ and scenarios/). No room imports a room above it.
const room = (...names) => names.map((name) => `**/${name}/**`);
const above = (owner, names) => ({ group: room(...names), message: `${owner}/ must not import ${names.map((n) => `${n}/`).join(', ')}: imports flow one way (docs/style.md).` });

export default tseslint.config(
  { ignores: ['dist', 'dist-ssr', 'dist-kit', 'examples', 'node_modules', 'coverage', 'playwright-report', 'test-results', 'bench/out', '.data'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // A library's private API (react-hook-form's control._subjects and the like) changes without notice.
      'no-restricted-syntax': ['error', { selector: 'MemberExpression[property.name=/^_[A-Za-z]/]', message: 'A member whose name starts with an underscore is private to its library: use its public API.' }],
    },
  },
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },
  {
    // scripts/check-node.cjs: plain CommonJS, so that a Node too old for the project can still say so.
    files: ['**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            above('contract', ['console', 'sandbox', 'server', 'http', 'db', 'bulk', 'scenarios']),
            {
              regex: '^(?!(zod|big\\.js|fast-check|vitest)$)(?!\\.{1,2}/)',
              message: 'contract/ imports only zod and big.js (tests also fast-check and vitest).',
            },
          ],
        },
      ],
    },
  },
  {
    // What every Node server here needs (errors in DRF's shape, bodies, listening, routing, host
    // check, headers): contract/, hono and node: only, so both servers can stand on it.
    files: ['src/http/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            above('http', ['console', 'sandbox', 'server', 'db', 'bulk', 'scenarios']),
            {
              regex: '^(?!(zod|hono|@hono/node-server|vitest)(/|$))(?!node:)(?!\\.{1,2}/)',
              message: 'http/ imports only contract/, zod, hono and node: modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // The database adapter is generic: the sandbox's store and the console's server both use it.
    files: ['src/db/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: room('console', 'sandbox', 'server', 'contract', 'http', 'bulk', 'scenarios'), message: 'db/ imports nothing of the project.' }] },
      ],
    },
  },
  {
    files: ['src/sandbox/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            above('sandbox', ['console', 'bulk', 'scenarios']),
            { group: room('server'), message: 'sandbox/ must not import server/: the console\'s server embeds the sandbox, never the reverse.' },
          ],
        },
      ],
    },
  },
  {
    // The console's own server: contract/, http/, db/, bulk/, scenarios/ (it runs the sign-off
    // catalogue with an environment's token in team mode) and the sandbox's entry, never console/.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/**/testing/**', 'src/server/**/*-test-support.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            above('server', ['console']),
            { regex: '/sandbox/(?!entry\\.ts$)', message: 'server/ imports the sandbox only through src/sandbox/entry.ts (its app, its store, its config).' },
          ],
        },
      ],
    },
  },
  {
    // Its tests also seed and call a sandbox with sandbox/testing/'s helpers.
    files: ['src/server/**/*.test.ts', 'src/server/**/testing/**', 'src/server/**/*-test-support.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            above('server', ['console']),
            { regex: '/sandbox/(?!entry\\.ts$|testing/)', message: 'server/ tests import the sandbox only through src/sandbox/entry.ts and sandbox/testing/.' },
          ],
        },
      ],
    },
  },
  {
    // Scenarios run in the browser (the console's page) and in Node (npm run scenarios): contract,
    // zod, big.js and the global fetch only. console/ may import scenarios/, never the reverse.
    files: ['src/scenarios/**/*.ts'],
    ignores: ['src/scenarios/**/*.test.ts', 'src/scenarios/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            above('scenarios', ['console', 'sandbox', 'server', 'http', 'db', 'bulk']),
            { regex: '^(?!(zod|big\\.js)$)(?!\\.{1,2}/)', message: 'scenarios/ imports only contract/, zod and big.js (it runs in the browser and in Node).' },
          ],
        },
      ],
    },
  },
  {
    // Its tests start services built from sandbox/ pieces; still nothing from console/.
    files: ['src/scenarios/**/*.test.ts', 'src/scenarios/testing/**'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/console/**'], message: 'scenarios/ must not import console/.' }] }],
    },
  },
  {
    // Bulk refunds: checks and the run engine, shared by the browser (personal mode) and
    // the console server (team mode): contract/, zod, big.js and the globals both have (fetch,
    // crypto, AbortSignal). console/ may import bulk/, never the reverse.
    files: ['src/bulk/**/*.ts'],
    ignores: ['src/bulk/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            above('bulk', ['console', 'sandbox', 'server', 'http', 'db', 'scenarios']),
            { regex: '^(?!(zod|big\\.js)$)(?!\\.{1,2}/)', message: 'bulk/ imports only contract/, zod and big.js (no React, DOM or node: modules).' },
          ],
        },
      ],
    },
  },
  {
    // Its tests run the engine against a real sandbox over HTTP; still nothing from console/.
    files: ['src/bulk/**/*.test.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': ['error', { patterns: [above('bulk', ['console', 'server'])] }],
    },
  },
  {
    // order-console/testing (the QA kit) runs in other projects' Playwright: contract/, zod,
    // Playwright and node: only; never the console or the sandbox.
    files: ['src/testing/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            above('testing', ['console', 'sandbox', 'server', 'http', 'db', 'bulk', 'scenarios']),
            { regex: '^(?!(zod|@playwright/test)$)(?!node:)(?!\\.{1,2}/)', message: 'testing/ imports only contract/, zod, @playwright/test and node: modules.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/console/**/*.{ts,tsx}'],
    ignores: ['src/console/test/sandbox-global-setup.ts'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [above('console', ['sandbox', 'server', 'http', 'db'])],
          // One way to load code when it is first shown (docs/performance.md says why it is not React.lazy).
          paths: [{ name: 'react', importNames: ['lazy'], message: 'Load code when shown through app/loadable.tsx.' }],
        },
      ],
    },
  },
);
