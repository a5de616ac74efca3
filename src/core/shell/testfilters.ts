// A test run whose options leave tests out while it still reports success. Threat: `pytest --ignore=tests`,
// `npx jest --passWithNoTests --testPathIgnorePatterns=tests`, `npm test -- --testPathIgnorePatterns=.`,
// `pytest -k 'not test_refund'`, `go test -skip .`, `cargo test -- --skip pay`: the run exits 0 with the failing (or
// every) test never run, and the agent reports green. The run is asked, whatever it leaves out: which tests an
// exclusion pattern matches is the runner's business, not something the line shows.
// Narrowing to what should run (`npx jest tests/a.test.ts`, `jest -t adds`, `pytest -k adds`, `go test -run TestA`)
// stays allowed: the tests named still run and a failure still fails. A name filter together with "pass when no
// test is found" (`--passWithNoTests -t zzz`) is not narrowing but a way to pass with nothing run: asked.

/** Options that exclude tests by path or by name (jest, vitest, mocha, ava, playwright, node --test, cargo, go). */
const JS_EXCLUDE =
  /^--(testPathIgnorePatterns|test-path-ignore-patterns|modulePathIgnorePatterns|module-path-ignore-patterns|exclude|ignore|invert|grep-invert|grepInvert|testIgnore|test-ignore|test-skip-pattern|skip)(=|$)/;
/** A filter by name or path pattern (what, with --passWithNoTests, may match nothing and still pass). */
const JS_FILTER =
  /^(-t|--testNamePattern|--test-name-pattern|--testPathPattern|--test-path-pattern|--testPathPatterns|--testMatch|--testRegex|--roots|--selectProjects|--project|--grep|-g|--fgrep|-f|--filter|--match|-m)(=|$)/;
const PASS_EMPTY = /^--(passWithNoTests|pass-with-no-tests|allow-no-tests|allowNoTests)(=true)?$/;

/** pytest: options that leave tests out (paths, node ids, plugins that collect them, ini keys that decide collection). */
const PY_EXCLUDE = /^--(ignore|ignore-glob|deselect)(=|$)/;
const PY_COLLECT_KEYS = /^\s*(python_files|python_classes|python_functions|testpaths|norecursedirs|addopts|collect_ignore\w*)\s*=/;
const PY_NO_COLLECTOR = /^no:(python|unittest)$/;

// (c8 and nyc are left out: their --exclude leaves files out of the coverage report, not out of the run.)
const JS_RUNNERS = /^(jest|vitest|mocha|ava|tap|jasmine|karma|playwright|cypress)$/;
const PYTHON = /^(python[\d.]*|pypy3?|py)$/;

/** Why the test run the argv (program name first, after unwrapping) makes leaves tests out; undefined if it does not. */
export function testFilterWhy(name: string, argv: readonly (string | null)[]): string | undefined {
  const args = argv.slice(1);
  if (/^(pytest|py\.test)$/.test(name)) return pytestWhy(name, args);
  if (PYTHON.test(name)) {
    const i = args.findIndex((w, j) => w === 'pytest' && (args[j - 1] === '-m' || args[j - 1] === null));
    if (i >= 0 || args.includes('-mpytest')) return pytestWhy(`${name} -m pytest`, args.slice(i + 1));
    return undefined;
  }
  if (JS_RUNNERS.test(name)) return jsWhy(name, args, name === 'mocha');
  if (/^(node|nodejs|bun|deno)$/.test(name) && args.some((w) => w === '--test' || w === 'test')) return jsWhy(`${name} --test`, args, false);
  if (name === 'go' && args[0] === 'test') {
    const w = args.find((a) => a !== null && /^--?skip(=|$)/.test(a));
    return w === undefined ? undefined : `go test ${w}: the tests it matches are skipped and the run still passes`;
  }
  if (name === 'cargo' && (args[0] === 'test' || args[0] === 'nextest')) {
    const w = args.find((a) => a !== null && /^--skip(=|$)/.test(a));
    return w === undefined ? undefined : `cargo ${args[0]} ${w}: the tests it matches are skipped and the run still passes`;
  }
  // A package manager's test script: its arguments go to whatever runner the script starts.
  if (/^(npm|pnpm|yarn|bun)$/.test(name)) {
    let v = 0;
    // The package manager's own options before the verb (`npm --prefix . test`, `pnpm -F app test`).
    for (; v < args.length; v++) {
      const w = args[v];
      if (w === null || !w.startsWith('-')) break;
      if (/^(--prefix|-C|--dir|--cwd|-w|--workspace|-F|--filter)$/.test(w)) v++;
    }
    const verb = args[v];
    const script =
      verb === 'test' || verb === 't' || verb === 'tst'
        ? args.slice(v + 1)
        : (verb === 'run' || verb === 'run-script') && /^test(:|$)/.test(args[v + 1] ?? '')
          ? args.slice(v + 2)
          : undefined;
    if (script === undefined) return undefined;
    return jsWhy(`${name} ${verb}`, script, false) ?? pytestWhy(`${name} ${verb}`, script, true);
  }
  return undefined;
}

function jsWhy(label: string, args: readonly (string | null)[], mocha: boolean): string | undefined {
  let passEmpty = false;
  let filter: string | undefined;
  for (const w of args) {
    if (w === null) continue;
    if (JS_EXCLUDE.test(w) || (mocha && /^-[a-zA-Z]*i[a-zA-Z]*$/.test(w))) return `${label} ${w}: the tests it leaves out do not run and the run still passes`;
    if (PASS_EMPTY.test(w)) passEmpty = true;
    else if (JS_FILTER.test(w)) filter ??= w;
  }
  if (passEmpty && filter !== undefined) return `${label} --passWithNoTests with ${filter}: a filter that matches no test passes with nothing run`;
  return undefined;
}

function pytestWhy(label: string, args: readonly (string | null)[], scriptArgs = false): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (w === null) continue;
    if (PY_EXCLUDE.test(w)) return `${label} ${w}: the tests it leaves out do not run and the run still passes`;
    if (scriptArgs) continue;
    // `-k 'not refund'`, `-k "a and not b"`: a keyword expression that leaves named tests out.
    const k = w === '-k' ? args[i + 1] : /^-k./.test(w) ? w.slice(2) : undefined;
    if (k !== undefined && (k === null || /(^|[\s(])not\b/.test(k)))
      return `${label} -k ${k ?? '…'}: the tests the expression leaves out do not run and the run still passes`;
    const p = w === '-p' ? args[i + 1] : /^-p./.test(w) ? w.slice(2) : undefined;
    if (p !== undefined && p !== null && PY_NO_COLLECTOR.test(p)) return `${label} -p ${p}: pytest then collects no test and the run does not fail on them`;
    const o = w === '-o' || w === '--override-ini' ? args[i + 1] : /^--override-ini=/.test(w) ? w.slice(15) : /^-o./.test(w) ? w.slice(2) : undefined;
    // `-o addopts=-q`: the options added are judged as options on the line (only ones that leave tests out ask).
    const add = o === undefined || o === null ? undefined : /^\s*addopts\s*=(.*)$/s.exec(o);
    if (add) {
      const inner = pytestWhy(
        label,
        add[1]!
          .trim()
          .split(/\s+/)
          .filter((x) => x !== ''),
      );
      if (inner !== undefined) return inner;
    } else if (o !== undefined && (o === null || PY_COLLECT_KEYS.test(o)))
      return `${label} -o ${o ?? '…'}: an ini setting that decides which tests are collected, set on the line`;
    if (/^--(lfnf|last-failed-no-failures)(=none)?$/.test(w) && (w.endsWith('=none') || args[i + 1] === 'none'))
      return `${label} ${w} none: with no recorded failure, no test runs`;
  }
  return undefined;
}
