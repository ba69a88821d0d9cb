import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// One-way imports (STYLE.md): console -> contract, sandbox -> contract, contract -> zod/big.js only.
const noConsoleOrSandbox = [
  { group: ['**/console/**', '**/sandbox/**'], message: 'contract/ must not import console/ or sandbox/.' },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-kit', 'examples', 'node_modules', 'coverage', 'playwright-report', 'test-results', 'bench/out', '.data'] },
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
    },
  },
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...noConsoleOrSandbox,
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
    files: ['src/sandbox/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/console/**'], message: 'sandbox/ must not import console/.' }] },
      ],
    },
  },
  {
    // The console's own server (team mode): contract/ and the sandbox's database layer, never console/.
    files: ['src/server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/console/**'], message: 'server/ must not import console/.' }] }],
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
            { group: ['**/console/**', '**/sandbox/**'], message: 'scenarios/ must not import console/ or sandbox/.' },
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
    // order-console/testing (the QA kit) runs in other projects' Playwright: contract/, zod,
    // Playwright and node: only; never the console or the sandbox.
    files: ['src/testing/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/console/**', '**/sandbox/**', '**/scenarios/**'], message: 'testing/ must not import console/, sandbox/ or scenarios/.' },
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
        { patterns: [{ group: ['**/sandbox/**'], message: 'console/ must not import sandbox/.' }] },
      ],
    },
  },
);
