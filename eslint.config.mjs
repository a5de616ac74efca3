// Lint: mostly the layering fence. The arrows run one way: src/core (pure: no vscode, no I/O, no processes)
// ← src/node (I/O) ← the two front ends, src/cli and src/vscode (the only code that imports vscode). The fence
// holds for packages (no-restricted-imports) and for relative imports (agentguard/layers, which resolves each
// relative import and names the layer it lands in). Style is left to the formatter; correctness to tsc.
import * as path from 'node:path';
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

const SRC = path.join(path.dirname(new URL(import.meta.url).pathname), 'src');
/** What each layer may import, besides itself. */
const MAY_IMPORT = {
  core: [],
  node: ['core'],
  cli: ['core', 'node'],
  vscode: ['core', 'node'],
};
const WHY = {
  core: 'src/core is pure; take what it needs as an injected function (see FsProbe) or move the code to src/node',
  node: 'src/node serves every front end; the editor and the command line build on it, not the other way round',
  cli: 'the command line runs without VS Code; share the code through src/node or src/core',
  vscode: 'the editor and the command line are two front ends on src/node; share code through src/node or src/core',
};

function layerOf(file) {
  const rel = path.relative(SRC, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const top = rel.split(path.sep)[0];
  return top in MAY_IMPORT ? top : undefined;
}

/** agentguard/layers: a relative import may not reach a layer above the importing file's own. */
const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'keep the arrows between src/core, src/node, src/cli and src/vscode running one way' },
    messages: { up: 'src/{{from}} may not import {{target}} (src/{{to}}): {{why}}.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    if (!from) return {};
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(file), source.value));
      if (!to || to === from || MAY_IMPORT[from].includes(to)) return;
      context.report({ node: source, messageId: 'up', data: { from, to, target: source.value, why: WHY[from] } });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
      TSImportType: (n) => check(n.argument?.literal ?? n.argument),
      CallExpression: (n) => {
        if (n.callee.type === 'Identifier' && n.callee.name === 'require') check(n.arguments[0]);
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', '.vscode-test/**', 'node_modules/**', 'media/**', '**/*.mjs', '**/*.cjs', 'test-artifacts/**'] },
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin, agentguard: { rules: { layers } } },
    rules: {
      'no-debugger': 'error',
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { args: 'none', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'agentguard/layers': 'error' },
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
