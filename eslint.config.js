// ESLint flat config. `npm run lint` (eslint .) must pass; boundary violations are errors.
import { fileURLToPath } from 'node:url';
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import boundaries from './tools/eslint-rules/boundaries.js';
import foreignTables from './tools/eslint-rules/tables.js';

const narrascope = { meta: boundaries.meta, rules: { ...boundaries.rules, 'foreign-tables': foreignTables } };

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig([
  globalIgnores([
    'dist/',
    'data/',
    '**/node_modules/',
    'coverage/',
    // Deliberately broken plugins that tests/contracts/broken.test.ts feeds to the contract checks.
    'tests/fixtures/broken-plugins/**',
  ]),

  {
    name: 'narrascope/typescript',
    files: ['**/*.{ts,tsx,mts,cts}'],
    // Not the type-checked preset: lint stays fast and `tsc -b` already checks types.
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // The plugin contract and Kysely generics need `any` in a few deliberate places (e.g. PanelDefinition<any>,
      // Kysely<any> in migrations); the type checker, not lint, is what keeps types honest.
      '@typescript-eslint/no-explicit-any': 'off',
      // `_`-prefixed names are deliberately unused (ignored parameters, destructured-away fields).
      '@typescript-eslint/no-unused-vars': [
        'warn',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  {
    name: 'narrascope/javascript',
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },

  {
    // The folder rules of the architecture guide: core never imports plugins, plugins import each other only
    // through shared/public.ts, client/ and server/ never import each other, shared/ imports neither, and
    // browser-bound code uses no Node built-ins. See tools/eslint-rules/boundaries.js.
    name: 'narrascope/boundaries',
    files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'],
    plugins: { narrascope },
    rules: {
      'narrascope/boundaries': ['error', { root }],
      // A plugin names only its own tables and core's in SQL (tools/eslint-rules/tables.js).
      'narrascope/foreign-tables': ['error', { root }],
    },
  },
]);
