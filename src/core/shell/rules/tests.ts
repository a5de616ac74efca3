// Test runners told to rewrite what the tests compare against: snapshot and golden-file updates. The files they
// rewrite or delete (`__snapshots__/*.snap`, `*.golden`, playwright's `-snapshots/` folders) are tests by the
// default policy and the ecosystem packs, and which ones change is decided at run time (a new snapshot lands
// beside its test, an obsolete one is deleted), so no path rule sees them: the update is asked.
import { packageScriptsRun } from '../projectScripts';
import type { Sub } from '../types';
import type { Rule } from './types';

/** Runners whose `-u` rewrites snapshots (jest, vitest, ava, playwright, bun test, node --test). */
const JS_RUNNERS = new Set([
  'jest',
  'vitest',
  'ava',
  'playwright',
  'mocha',
  'tap',
  'jasmine',
  'karma',
  'cypress',
  'react-scripts',
  'craco',
  'vue-cli-service',
  'test-storybook',
]);
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

/**
 * Any program's switch that tells a snapshot, golden-file or expect-test library to rewrite what tests compare
 * against: the action and its object in one word (`--update-goldens`, `-Dsnapshot.update=true`,
 * `-PupdateSnapshots`, `//:update_goldens`, `recordPaparazziDebug`), dune's promotion, the accept switch handed to a
 * Haskell test suite. A value that turns it off (`=false`, `=none`, `=0`) does not count.
 */
const ANY_UPDATE =
  /(?:update|overwrite|record|accept|bless|regen(?:erate)?|promote|approve)[-_.]?(?:all[-_.]?)?(?:snapshots?|goldens?|expect(?:ed|ations?|s)?|baselines?|screenshots?)|(?:snapshots?|goldens?|baselines?)[-_.]?(?:update|overwrite|record|accept|bless)|^record(?:Paparazzi|Roborazzi|Shot)|^--auto-promote$/i;
const OFF_VALUE = /=(?:false|none|no|off|0|never)$/i;
/** Environment switches of snapshot and expect libraries by name (insta, trybuild, expect-test, swift-snapshot-testing, tap). */
const ENV_LIBRARY =
  /^(?:INSTA_[A-Z_]+|TRYBUILD|SNAPSHOTS|UPDATE_EXPECT|EXPECTTEST_ACCEPT|SNAPSHOT_TESTING_RECORD|TAP_SNAPSHOT|RUSTC_BLESS|BLESS|UPDATE_BASELINES?|GOLDEN(?:_FILES)?_UPDATE)$/;
/** Values that keep a library from rewriting (INSTA_UPDATE=no, SNAPSHOTS=check, TRYBUILD=wip is still a write). */
const ENV_OFF = /^(?:0|false|no|off|never|none|check|fail|)$/i;

/** Programs whose words are text to search or print, not switches (`git log --grep=update-snapshots`). */
const WORD_READERS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'git', 'echo', 'printf', 'sed', 'awk', 'gh', 'jq', 'yq']);
/** Build tools whose bare words are tasks or targets. */
const BUILD_TOOLS = new Set([
  'gradle',
  'gradlew',
  'mvn',
  'mvnw',
  'bazel',
  'bazelisk',
  'sbt',
  'make',
  'just',
  'task',
  'mage',
  'nx',
  'turbo',
  'rake',
  'invoke',
  'nox',
  'tox',
  'buck',
  'buck2',
  'pants',
]);

function anyUpdate(s: Sub): string | undefined {
  for (const k in s.assigns) {
    const v = s.assigns[k];
    if ((ENV_LIBRARY.test(k) || ANY_UPDATE.test(k)) && (v === null || !ENV_OFF.test(v)))
      return `${k}=${v ?? '…'} tells the snapshot library to rewrite the recorded expectations`;
  }
  const ws = s.words;
  // An option (`--update-goldens`, `-Dsnapshot.update=true`) of any program but those that only search or print
  // words; a bare word only as a build tool's task or target (`recordPaparazziDebug`, `//:update_goldens`).
  if (s.name !== null && !WORD_READERS.has(s.name)) {
    const tasks = BUILD_TOOLS.has(s.name);
    for (let i = 1; i < ws.length; i++) {
      const v = ws[i].value;
      if (v === null || v.length > 200 || !(tasks || v.startsWith('-') || v.includes('='))) continue;
      if (ANY_UPDATE.test(v) && !OFF_VALUE.test(v)) return `${s.name} ${v} rewrites the snapshots or golden files the tests compare against`;
    }
  }
  // dune promote / dune runtest --auto-promote; a test suite handed --accept (stack --ta, cabal --test-options).
  if (s.name === 'dune' && ws[1]?.value === 'promote') return 'dune promote copies the corrected expectations over the test files';
  if ((s.name === 'stack' || s.name === 'cabal') && ws.some((w) => /(?:^|[\s=])--accept\b/.test(w.value ?? '')))
    return `${s.name} hands the test suite --accept: it rewrites the expectations the tests compare against`;
  return undefined;
}

function updateFlag(s: Sub): string | undefined {
  const n = s.name;
  if (n === null) return undefined;
  const any = anyUpdate(s);
  if (any !== undefined) return any;
  // for…in, not Object.entries: this runs for every sub-command, nearly all without assignments.
  for (const k in s.assigns) {
    const v = s.assigns[k];
    if (ENV_UPDATE.test(k) && (v === null || !/^(0|false|no|off|)$/i.test(v)))
      return `${k}=${v ?? '…'} tells the snapshot library to rewrite the recorded expectations`;
  }
  const ws = words(s);
  const verb = ws[0];
  const find = (re: RegExp, list = ws): string | undefined => list.find((v): v is string => v !== null && re.test(v));
  // node-tap writes its snapshot files with --snapshot / -S (TAP_SNAPSHOT=1); `storybook test` is its test runner.
  if (n === 'tap') return find(/^(--snapshot|-S)$/) ?? find(JS_UPDATE);
  if (JS_RUNNERS.has(n) || (n === 'storybook' && verb === 'test')) return find(JS_UPDATE);
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
        'INSTA_FORCE_PASS=1 cargo test',
        'TRYBUILD=overwrite cargo test',
        'EXPECTTEST_ACCEPT=1 python -m pytest',
        'dune promote',
        'dune runtest --auto-promote',
        'flutter test --update-goldens',
        'bundle exec rspec --update-snapshots',
        './gradlew test -PupdateSnapshots',
        './gradlew recordPaparazziDebug',
        'mvn test -Dsnapshot.update=true',
        'bazel run //:update_goldens',
        "stack test --ta '--accept'",
        'cabal test --test-options=--accept',
        'npx cypress run --env updateSnapshots=true',
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
        'INSTA_UPDATE=no cargo test',
        'flutter test',
        'dune build',
        './gradlew verifyPaparazziDebug',
        'mvn test -Dsnapshot.update=false',
        'git log --grep=update-snapshots',
        'grep -rn updateSnapshot src',
      ],
    },
    // By name, and any command run with a snapshot library's switch assigned (`UPDATE_SNAPSHOTS=1 make test`).
    // Any program: the switch's own words say what it does (anyUpdate).
    check(s) {
      const f = updateFlag(s);
      if (f === undefined) return undefined;
      return f.includes(' ') ? f : `${s.name} ${f} rewrites the snapshots the tests compare against (tests by the policy), files chosen at run time`;
    },
  },
];
