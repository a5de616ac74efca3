// Test runners told to rewrite what the tests compare against: snapshot and golden-file updates. The files they
// rewrite or delete (`__snapshots__/*.snap`, `*.golden`, playwright's `-snapshots/` folders) are tests by the
// default policy and the ecosystem packs, and which ones change is decided at run time (a new snapshot lands
// beside its test, an obsolete one is deleted), so no path rule sees them: the update is asked.
import { packageScriptsRun } from '../projectScripts';
import type { Sub } from '../types';
import type { Rule } from './types';

/** Runners whose `-u` rewrites snapshots (jest, vitest, ava, playwright, bun test, node --test). */
const JS_RUNNERS = new Set(['jest', 'vitest', 'ava', 'playwright', 'mocha', 'tap', 'jasmine', 'karma', 'cypress', 'react-scripts', 'craco', 'vue-cli-service']);
/** `-u`, `--updateSnapshot`, `--update-snapshots`, `--update`, `--snapshot-update` (a `=false`/`=none` value turns it off). */
const JS_UPDATE = /^(-u|--update-?[sS]napshots?|--updateSnapshots?|--update|--snapshot-update|--test-update-snapshots)(=(?!false$|none$|0$).*)?$/;
/** pytest plugins: syrupy, pytest-snapshot, pytest-regressions, inline-snapshot, pytest-golden. */
const PY_UPDATE =
  /^(--snapshot-update|--force-regen|--regen-all|--update-goldens?|--update-snapshots?|--inline-snapshot=(fix|create|update|trim)\b.*|--accept)$/;
/** go test's conventional golden-file flags (passed to the test binary): `-update`, `--update-golden`, `-golden`. */
const GO_UPDATE = /^--?(update[\w.-]*|golden|regenerate|rewrite)(=(?!false$|0$).*)?$/;
/** Environment switches the snapshot libraries read (jest-image-snapshot, insta, rspec-snapshot, snapshottest). */
const ENV_UPDATE = /^(UPDATE_SNAPSHOTS?|SNAPSHOT_UPDATE|UPDATE_GOLDENS?|GOLDEN_UPDATE|INSTA_UPDATE|INSTA_FORCE_UPDATE|SNAPSHOTS_UPDATE|UPDATE_BASELINE)$/;

function words(s: Sub, from = 1): (string | null)[] {
  const out: (string | null)[] = [];
  for (let i = from; i < s.words.length; i++) out.push(s.words[i].value);
  return out;
}

/** Every name updateFlag asks about (kept next to it: a name added there goes here). */
const UPDATE_NAMES = new Set([...JS_RUNNERS, 'pytest', 'py.test', 'node', 'deno', 'bun', 'go', 'cargo', 'phpunit', 'pest', 'npm', 'yarn', 'pnpm']);

function updateFlag(s: Sub): string | undefined {
  const n = s.name;
  if (n === null) return undefined;
  // for…in, not Object.entries: this runs for every sub-command, nearly all without assignments.
  for (const k in s.assigns) {
    const v = s.assigns[k];
    if (ENV_UPDATE.test(k) && (v === null || !/^(0|false|no|off|)$/i.test(v)))
      return `${k}=${v ?? '…'} tells the snapshot library to rewrite the recorded expectations`;
  }
  const ws = words(s);
  const verb = ws[0];
  const find = (re: RegExp, list = ws): string | undefined => list.find((v): v is string => v !== null && re.test(v));
  if (JS_RUNNERS.has(n)) return find(JS_UPDATE);
  if (n === 'pytest' || n === 'py.test') return find(PY_UPDATE);
  if (n === 'node' || n === 'deno' || n === 'bun') {
    if (n === 'node') return find(/^--test-update-snapshots$/);
    if (verb === 'test') return find(n === 'bun' ? JS_UPDATE : /^--update(=.*)?$|^-u$/);
  }
  if (n === 'go' && verb === 'test') return find(GO_UPDATE);
  if (n === 'cargo') {
    if (verb === 'insta' && ws.some((v) => v === 'accept' || v === 'review' || v === '--accept' || v === '--review')) return `insta ${ws[1] ?? ''}`.trim();
    return undefined;
  }
  if (n === 'phpunit' || n === 'pest') return find(/^--update-snapshots?$/);
  if (n === 'npm' || n === 'yarn' || n === 'pnpm' || n === 'bun') {
    // A package script run: the words after the script name are handed to whatever the script runs (a test
    // runner reads `-u` as "update the snapshots"). Which runner that is lies in package.json; the flag is enough.
    if (ws.some((v) => v === null)) return undefined; // the model asks about a run-time word already
    const argv = [n, ...(ws as string[])];
    const run = packageScriptsRun(argv);
    if (run === undefined || run.names.includes('install')) return undefined;
    return find(JS_UPDATE) ?? find(GO_UPDATE) ?? find(PY_UPDATE);
  }
  return undefined;
}

export const testRules: Rule[] = [
  {
    id: 'test.snapshot-update',
    description:
      'Rewrites the snapshots or golden files the tests compare against (`jest -u`, `vitest -u`, `npm test -- -u`, `playwright test --update-snapshots`, `pytest --snapshot-update`, `go test -update`, `cargo insta accept`, `UPDATE_SNAPSHOTS=1`): which expectations change is decided at run time, and they are tests.',
    examples: {
      destructive: [
        'npx jest -u',
        'npx jest --updateSnapshot',
        'npx vitest run -u',
        'npx vitest --update',
        'npm test -- -u',
        'yarn test -u',
        'pnpm test -- -u',
        'npm run test:unit -- --updateSnapshot',
        'npx playwright test --update-snapshots',
        'pytest --snapshot-update',
        'pytest --force-regen tests/',
        'go test ./... -update',
        'go test ./pkg/... -run TestGolden -args -update',
        'cargo insta accept',
        'bun test --update-snapshots',
        'node --test --test-update-snapshots',
        'UPDATE_SNAPSHOTS=1 npm test',
        'INSTA_UPDATE=always cargo test',
      ],
      benign: [
        'npx jest',
        'npx jest --coverage',
        'npx jest --ci',
        'npx vitest run',
        'npm test',
        'npm test -- tests/a.test.ts',
        'yarn test --watch=false',
        'npx playwright test',
        'npx playwright test --update-snapshots=none',
        'pytest -q',
        'go test ./...',
        'go test -v -run TestX ./pkg',
        'cargo insta test',
        'cargo test',
        'bun test',
        'npm install -u',
        'UPDATE_SNAPSHOTS=0 npm test',
      ],
    },
    // By name, and any command run with a snapshot library's switch assigned (`UPDATE_SNAPSHOTS=1 make test`).
    concerns: { name: (n) => n !== null && UPDATE_NAMES.has(n), assigns: true },
    check(s) {
      const f = updateFlag(s);
      if (f === undefined) return undefined;
      return f.includes(' ') ? f : `${s.name} ${f} rewrites the snapshots the tests compare against (tests by the policy), files chosen at run time`;
    },
  },
];
