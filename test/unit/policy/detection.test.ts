// Ecosystem detection in the running product: a real folder on disk, its manifests at the root or one level
// down, read by the policy store every channel loads its policy through (the extension, the MCP server, the
// hook CLI, `agentguard eval`). A folder with no policy file gets its packs; a trusted file applies the packs
// it names (and the detected ones with `auto`); an untrusted one gets the detected packs whatever it says.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GuardService } from '../../../src/node/guardService';
import { Minimatch } from 'minimatch';
import { PACK_NAMES, shippedPack } from '../../../src/core/policy/packs';
import { compilePolicy, manifestWatchGlob, PolicyStore, policyFromDefault, strictPolicy, workspaceEntries } from '../../../src/node/policyStore';
import { evalCalls, runCli } from '../helpers/cli';

const F = '.agentguard.yaml';

function folder(files: Record<string, string>): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-detect-')));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

const packsOf = (dir: string, opts: { trusted?: boolean } = {}) => (new PolicyStore().load(dir, opts).policy.packs ?? []).map((p) => `${p.name}:${p.why}`);

async function decide(dir: string, op: 'write' | 'read' | 'delete', p: string, trusted = true) {
  const service = new GuardService({ workspace: dir, home: os.tmpdir(), trusted, auditPath: path.join(dir, '..', 'unused-audit.jsonl') });
  return (await service.run({ id: 't', op, paths: [p], agent: 't', channel: 'cli', tool: 't', args: {} }, { decideOnly: true })).verdict;
}

describe('ecosystem detection on a real folder', () => {
  const dirs: string[] = [];
  const mk = (files: Record<string, string>) => {
    const d = folder(files);
    dirs.push(d);
    return d;
  };
  after(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('a folder with no policy file gets the packs of the manifests at its root', async () => {
    const dir = mk({ 'package.json': '{}', 'pyproject.toml': '[project]\n', 'src/app.ts': '' });
    assert.deepEqual(packsOf(dir), ['javascript:detected', 'python:detected']);
    const loaded = new PolicyStore().load(dir);
    assert.equal(loaded.state, 'default');
    assert.deepEqual(
      loaded.policy.packs!.map((p) => p.evidence),
      [['package.json'], ['pyproject.toml']],
    );
    // Judged by the pipeline: the packs' rules are in force, an ordinary file is left alone.
    assert.deepEqual(await decide(dir, 'write', 'src/app.spec.ts').then((v) => [v.decision, v.rule]), ['deny', 'path:javascript.tests']);
    assert.deepEqual(await decide(dir, 'write', 'pkg/test_api.py').then((v) => [v.decision, v.rule]), ['deny', 'path:python.tests']);
    assert.deepEqual(await decide(dir, 'write', 'jest.config.js').then((v) => v.decision), 'ask');
    assert.equal((await decide(dir, 'write', 'src/app.ts')).decision, 'allow');
  });

  it('the same folder without a manifest: no pack, the same paths are ordinary', async () => {
    const dir = mk({ 'README.md': '# x\n', 'src/app.ts': '' });
    assert.deepEqual(packsOf(dir), []);
    assert.equal((await decide(dir, 'write', 'src/app.spec.ts')).decision, 'allow');
    assert.equal((await decide(dir, 'write', 'pkg/test_api.py')).decision, 'allow');
  });

  it('a monorepo: manifests one level down are detected, each named by where it was found', () => {
    const dir = mk({ 'backend/pyproject.toml': '', 'web/package.json': '{}', 'README.md': '' });
    const loaded = new PolicyStore().load(dir);
    assert.deepEqual(
      loaded.policy.packs!.map((p) => [p.name, p.evidence]),
      [
        ['javascript', ['web/package.json']],
        ['python', ['backend/pyproject.toml']],
      ],
    );
  });

  it('dependencies, virtualenvs, build output and hidden folders are not the project: nothing detected from them', () => {
    const dir = mk({
      'node_modules/left-pad/package.json': '{}',
      '.venv/pyproject.toml': '',
      'vendor/Gemfile': '',
      'target/Cargo.toml': '',
      'dist/package.json': '{}',
      'src/app.ts': '',
    });
    assert.deepEqual(packsOf(dir), []);
    // Two levels down is not looked at either (it would be a nested project's business, and costly).
    const deep = mk({ 'a/b/go.mod': '' });
    assert.deepEqual(packsOf(deep), []);
  });

  it('a symlinked folder is not followed for detection', function () {
    const target = mk({ 'go.mod': 'module x\n' });
    const dir = mk({ 'README.md': '' });
    fs.symlinkSync(target, path.join(dir, 'linked'));
    assert.deepEqual(packsOf(dir), []);
  });

  it('an unreadable or missing folder detects nothing (the shipped default alone, never less)', () => {
    assert.deepEqual(workspaceEntries(path.join(os.tmpdir(), 'ag-no-such-folder-' + process.pid)), []);
  });

  it('a trusted file without `auto` applies only the packs it names; with `auto` the detected ones too', () => {
    const dir = mk({ 'package.json': '{}', 'go.mod': '' });
    fs.writeFileSync(path.join(dir, F), 'version: 1\nextends: [default, ruby]\n');
    assert.deepEqual(packsOf(dir), ['ruby:named']);
    fs.writeFileSync(path.join(dir, F), 'version: 1\nextends: [default, ruby, auto]\n');
    assert.deepEqual(packsOf(dir), ['go:detected', 'javascript:detected', 'ruby:named']);
  });

  it('an untrusted workspace gets the detected packs whatever its file says', () => {
    const dir = mk({ 'Cargo.toml': '' });
    fs.writeFileSync(path.join(dir, F), 'version: 1\nextends: [default]\n');
    assert.deepEqual(packsOf(dir, { trusted: true }), []);
    assert.deepEqual(packsOf(dir, { trusted: false }), ['rust:detected']);
  });

  it('a broken file with nothing good before: the strict policy, with the folder’s packs (only tighter)', async () => {
    const dir = mk({ 'go.mod': '' });
    fs.writeFileSync(path.join(dir, F), 'version: 1\npaths: [\n');
    const loaded = new PolicyStore().load(dir);
    assert.equal(loaded.state, 'strict-fallback');
    assert.deepEqual(
      loaded.policy.packs!.map((p) => p.name),
      ['go'],
    );
    assert.notEqual(loaded.policy.hash, strictPolicy().hash);
    assert.equal((await decide(dir, 'write', 'pkg/a_test.go')).decision, 'deny');
  });

  it('compilePolicy without entries detects nothing (callers that know no folder)', () => {
    assert.equal(compilePolicy(undefined, undefined, true).policy!.packs, undefined);
    assert.deepEqual(
      compilePolicy(undefined, undefined, true, ['go.mod']).policy!.packs!.map((p) => p.name),
      ['go'],
    );
  });
});

describe('ecosystem detection end to end: agentguard eval and check on a real folder', () => {
  let dir: string;
  beforeEach(() => (dir = folder({ 'src/app.ts': '', 'src/app.spec.ts': '', 'pkg/util_test.go': '' })));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const judge = () =>
    evalCalls(
      [
        { op: 'write', path: 'src/app.spec.ts' },
        { op: 'write', path: 'pkg/util_test.go' },
        { op: 'write', path: 'src/app.ts' },
      ],
      ['--workspace', dir],
    ).map((v) => `${v.decision} ${v.rule}`);

  it('no policy file: a manifest appearing brings its pack in, its removal takes it out', () => {
    const ordinary = 'allow path:default';
    assert.deepEqual(judge(), [ordinary, ordinary, ordinary]);
    fs.writeFileSync(path.join(dir, 'package.json'), '{}');
    assert.deepEqual(judge(), ['deny path:javascript.tests', ordinary, ordinary]);
    fs.writeFileSync(path.join(dir, 'go.mod'), 'module x\n');
    assert.deepEqual(judge(), ['deny path:javascript.tests', 'deny path:go.tests', ordinary]);
    fs.rmSync(path.join(dir, 'package.json'));
    assert.deepEqual(judge(), [ordinary, 'deny path:go.tests', ordinary]);
  });

  it('agentguard check names the packs a file with `auto` gets from the folder', () => {
    fs.writeFileSync(path.join(dir, 'go.mod'), 'module x\n');
    fs.writeFileSync(path.join(dir, F), 'version: 1\nextends: [default, auto]\n');
    const r = runCli(['check', '--workspace', dir]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stderr, /packs: go \(detected\)/);
  });
});

describe('Create Policy from Default: the text written for a real folder', () => {
  let dir: string;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names the detected packs in `extends`, says what revealed each, and compiles to a policy applying them', () => {
    dir = folder({ 'package.json': '{}', 'services/api/x': '', 'api/requirements-dev.txt': '', 'src/a.ts': '' });
    const text = policyFromDefault(dir);
    assert.match(text, /^extends: \[default, javascript, python\]$/m);
    assert.match(text, /javascript\s+JavaScript \/ TypeScript, found by package\.json/);
    assert.match(text, /python\s+Python, found by api\/requirements-dev\.txt/);
    const { policy, errors } = compilePolicy(text, path.join(dir, F), true, workspaceEntries(dir));
    assert.deepEqual(
      errors.filter((e) => e.severity === 'error'),
      [],
    );
    assert.deepEqual(
      policy!.packs!.map((p) => `${p.name}:${p.why}`),
      ['javascript:named', 'python:named'],
    );
  });

  it('a folder with no manifest: the default alone, and the file says how to add packs', () => {
    dir = folder({ 'notes.txt': '' });
    const text = policyFromDefault(dir);
    assert.match(text, /^extends: \[default\]$/m);
    assert.match(text, /No ecosystem manifest was found/);
  });
});

describe('the editor reloads the policy when a manifest comes or goes: the watched glob', () => {
  // The file watcher itself runs in VS Code (test/integration/suite/policy.test.ts); here, that its one glob
  // covers every name detection reads, at the root and one level down, and nothing deeper.
  const glob = manifestWatchGlob();
  const m = new Minimatch(glob, { dot: true });
  const sample = (g: string) => g.replace(/\*/g, 'App');

  it('is one brace group (a detect glob with its own braces or commas would break it)', () => {
    for (const n of PACK_NAMES) for (const g of shippedPack(n).meta.detect) assert.doesNotMatch(g, /[{},]/, `${n}: ${g}`);
    assert.match(glob, /^\{[^{}]+\}$/);
  });

  it('matches every pack’s manifest at the root and one level down, and each is detected there', () => {
    for (const n of PACK_NAMES) {
      for (const g of shippedPack(n).meta.detect) {
        for (const p of [sample(g), `backend/${sample(g)}`]) {
          assert.ok(m.match(p), `${p} (${n}) is not watched`);
          assert.ok(detect([p]).includes(n), `${p} is watched but does not reveal ${n}`);
        }
        assert.ok(!m.match(`a/b/${sample(g)}`), `a/b/${sample(g)} should not be watched (detection does not look there)`);
      }
    }
    assert.ok(!m.match('src/app.ts') && !m.match('README.md') && !m.match('.agentguard.yaml'));
  });
});

const detect = (entries: string[]) => compilePolicy(undefined, undefined, true, entries).policy!.packs?.map((p) => p.name) ?? [];
