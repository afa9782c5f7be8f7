// ESLint flat config. `npm run lint` (eslint .) must pass; boundary violations are errors.
import { fileURLToPath } from 'node:url';
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import stylistic from '@stylistic/eslint-plugin';
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
    // The formatter: the house style as lint errors, so `npm run lint` enforces it and `npx eslint --fix .` applies
    // it. Two-space indentation, single quotes, semicolons, trailing commas in multi-line lists; long lines are
    // allowed (tables of data and SQL read better unwrapped).
    name: 'narrascope/format',
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { '@stylistic': stylistic },
    rules: {
      '@stylistic/semi': ['error', 'always'],
      '@stylistic/quotes': ['error', 'single', { avoidEscape: true, allowTemplateLiterals: 'always' }],
      // Generics keep their trailing comma: `<P,>` is how a .tsx file writes a generic arrow function.
      '@stylistic/comma-dangle': ['error', {
        arrays: 'always-multiline', objects: 'always-multiline', imports: 'always-multiline', exports: 'always-multiline',
        functions: 'always-multiline', enums: 'always-multiline', tuples: 'always-multiline', generics: 'ignore',
      }],
      '@stylistic/eol-last': 'error',
      '@stylistic/no-trailing-spaces': 'error',
      '@stylistic/no-multiple-empty-lines': ['error', { max: 1, maxEOF: 0, maxBOF: 0 }],
      '@stylistic/no-tabs': 'error',
      '@stylistic/indent': ['error', 2, { SwitchCase: 1, ignoredNodes: ['TemplateLiteral *', 'MemberExpression', 'CallExpression > MemberExpression', 'ConditionalExpression', 'JSXElement', 'JSXElement *'] }],
      '@stylistic/comma-spacing': 'error',
      '@stylistic/keyword-spacing': 'error',
      '@stylistic/space-before-blocks': 'error',
      '@stylistic/space-infix-ops': 'error',
      '@stylistic/arrow-spacing': 'error',
      '@stylistic/object-curly-spacing': ['error', 'always'],
      '@stylistic/brace-style': ['error', '1tbs', { allowSingleLine: true }],
      '@stylistic/semi-spacing': 'error',
      '@stylistic/key-spacing': 'error',
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
