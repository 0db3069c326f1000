// The linter: typescript-eslint's recommended rules everywhere, and Lit's and the web-components
// rules on the code that ships to browsers (the element, and the emulator's dashboard). Layout is
// Prettier's (`npm run format`), not ESLint's.
import js from '@eslint/js';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      'packages/*/dist/**',
      'dist-treemap/**',
      'coverage/**',
      'test/output/**',
      'custom-elements.json',
      '.vite-demo/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_`-prefixed parameters and rest siblings are deliberately unused.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // A `let` that a closure declared before its assignment reads (a timer ended by a cleanup).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Tests and benchmarks drive pages and poke at internals; chai's assertions are expressions.
    files: ['test/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-unsafe-function-type': 'off',
    },
  },
  {
    files: ['src/**/*.ts', 'packages/sandbox/src/dashboard/ui/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    files: ['src/**/*.ts', 'packages/sandbox/src/dashboard/ui/**/*.ts'],
    ...wc.configs['flat/best-practice'],
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
