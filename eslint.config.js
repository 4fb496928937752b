// Lint: ESLint's recommended rules, typescript-eslint's recommended ones, and the type-checked rules that
// catch what a server must never do (a promise nobody awaits, a promise where a callback is expected).
// Formatting is prettier's job (npm run format); `npm run lint` runs both checks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'fixtures/workflows/', 'src/contract/precompiled/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-sequences': ['error', { allowInParentheses: false }],
      // Sanitisers strip control characters on purpose (log lines, terminal output, file names).
      'no-control-regex': 'off',
      'max-len': ['error', { code: 140, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true }],
    },
  },
  {
    // The source narrows instead of asserting that a value is there (tests may still use `!`).
    // test/architecture.test.ts keeps the count of `as` assertions in src/ under a budget.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    // Plain Node scripts: tsc does not see them, and Node's globals are not declared for ESLint.
    rules: { 'no-undef': 'off' },
  },
  {
    // CommonJS on purpose: code ajv generates requires it (test/support/openapi-formats.cjs).
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
