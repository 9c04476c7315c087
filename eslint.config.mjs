// The lint: `npm run lint`, and tests/architecture/lint.test.ts inside `npm test` (which fails on any error).
// ESLint's and typescript-eslint's recommended rules, and the rules of hooks for the two React apps.
// typescript-eslint runs without type information: tsc already checks types (npm run typecheck), and the
// type-aware rules cost the whole program's type check on every lint (measured: 2 min of CPU against 25 s).
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** What the plain-JavaScript scripts (no tsc behind them) may use without importing it. */
const NODE_GLOBALS = { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', performance: 'readonly' };
const SERVICE_WORKER_GLOBALS = { self: 'readonly', caches: 'readonly', fetch: 'readonly', Request: 'readonly', Response: 'readonly', URL: 'readonly' };

export default defineConfig(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'tests/artifacts/**', '.kafka/**', '.vite/**'] },
  // a disable comment that no longer silences anything is stale: it goes
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `any` is gone from the product's code (an error there: see below); tests still use it for answers they probe
      '@typescript-eslint/no-explicit-any': 'warn',
      // cases that share one body may carry a comment about one of them between the labels
      'no-fallthrough': ['error', { allowEmptyCase: true }],
      // a leading underscore names what is left out on purpose: the rest of an object minus a field, a
      // parameter a signature requires
      '@typescript-eslint/no-unused-vars': ['error', {
        argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true,
      }],
    },
  },
  {
    // The product's code reads typed rows and narrows what it does not know (unknown), never `any`.
    files: ['{domain,commands,projections,api,infra,web-shared}/**/*.{ts,tsx}', 'web-fan/src/**/*.{ts,tsx}', 'web-admin/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['web-fan/src/**/*.{ts,tsx}', 'web-admin/src/**/*.{ts,tsx}', 'web-shared/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The plugin's other recommended rules are the React Compiler's diagnostics. The apps are not built with
      // the React Compiler, and those rules compile every component: ~85% of the lint's time for rules that
      // only tell whether the compiler could optimise a component. They stay off.
    },
  },
  { files: ['**/*.mjs', '**/*.cjs'], languageOptions: { globals: NODE_GLOBALS } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
  { files: ['web-fan/public/sw.js'], languageOptions: { globals: SERVICE_WORKER_GLOBALS } },
);
