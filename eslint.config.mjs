// Lint: mostly the layering fence. src/core is pure (no vscode, no I/O, no processes); src/node and src/cli
// never import vscode. Style is left to the formatter; correctness to tsc --strict.
import tseslint from 'typescript-eslint';

const IO_MODULES = [
  'fs',
  'node:fs',
  'fs/promises',
  'node:fs/promises',
  'child_process',
  'node:child_process',
  'net',
  'node:net',
  'http',
  'node:http',
  'https',
  'node:https',
  'worker_threads',
  'node:worker_threads',
  'readline',
  'node:readline',
];

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', '.vscode-test/**', 'node_modules/**', 'media/**', '**/*.mjs', '**/*.cjs', 'test-artifacts/**'] },
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      'no-debugger': 'error',
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { args: 'none', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'src/core is pure: no vscode. Put editor code in src/vscode.' },
            ...IO_MODULES.map((name) => ({ name, message: 'src/core is pure: take I/O as an injected function (see FsProbe). Put I/O in src/node.' })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/node/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'only src/vscode imports vscode' }] }],
    },
  },
);
