import { strict as assert } from 'node:assert';
import { loadPolicyText } from '../../../src/core/policy/load';
import { compilePolicy, PolicyStore, strictPolicy } from '../../../src/node/policyStore';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const F = '/ws/.agentguard.yaml';

describe('policy loader', () => {
  it('reads the example from the issue in a few lines', () => {
    const text = [
      'version: 1',
      'paths:',
      '  tests:',
      '    match: ["tests/**", "**/*.test.ts", "**/__tests__/**"]',
      '    read: allow',
      '    all: deny',
      '    reason: Tests are the spec.',
      '  secrets:',
      '    match: [".env", ".env.*", "**/*.pem", "**/id_rsa*", "secrets/**"]',
      '    all: deny',
      '    reason: Credentials.',
    ].join('\n');
    const { layer, errors } = loadPolicyText(text, F);
    assert.deepEqual(errors, []);
    assert.deepEqual(layer.paths.tests.ops, { read: 'allow', write: 'deny', delete: 'deny', rename: 'deny' });
    assert.deepEqual(layer.paths.secrets.ops, { read: 'deny', write: 'deny', delete: 'deny', rename: 'deny' });
  });

  it('locates a YAML syntax error with line and column', () => {
    const { errors } = loadPolicyText('version: 1\npaths:\n  tests:\n    match: [unclosed\n', F);
    assert.ok(errors.length > 0);
    assert.equal(errors[0].file, F);
    assert.ok(errors[0].line >= 4, JSON.stringify(errors[0]));
    assert.match(errors[0].message, /YAML syntax/);
  });

  it('reports unknown keys with a did-you-mean, at their position', () => {
    const { errors } = loadPolicyText('version: 1\ncomands:\n  destructive: ask\n', F);
    assert.equal(errors.length, 1);
    assert.equal(errors[0].line, 2);
    assert.equal(errors[0].column, 1);
    assert.match(errors[0].message, /unknown key `comands`.*did you mean `commands`/);
  });

  it('reports every bad rule without discarding the good ones', () => {
    const text = [
      'version: 1',
      'paths:',
      '  good:',
      '    match: ["docs/**"]',
      '    write: deny',
      '    reason: Docs are frozen.',
      '  bad1:',
      '    match: ["src/**"]',
      '    write: nope',
      '  bad2:',
      '    match: ["/abs/**"]',
      '    write: deny',
    ].join('\n');
    const { layer, errors } = loadPolicyText(text, F);
    assert.equal(errors.length, 2, JSON.stringify(errors));
    assert.deepEqual(
      errors.map((e) => e.line),
      [9, 11],
    );
    assert.match(errors[0].message, /must be allow, ask or deny/);
    assert.match(errors[1].message, /workspace-relative/);
    assert.ok(layer.paths.good);
    assert.ok(!layer.paths.bad1 && !layer.paths.bad2);
  });

  it('refuses commands.unknown: allow (the guard never allows what it cannot read)', () => {
    const { errors } = loadPolicyText('version: 1\ncommands:\n  unknown: allow\n', F);
    assert.equal(errors.length, 1);
    assert.match(errors[0].message, /cannot be `allow`/);
  });

  it('rejects an invalid masking regex at load time', () => {
    const { errors } = loadPolicyText('version: 1\nmasking:\n  patterns:\n    - name: mine\n      regex: "([a-z"\n', F);
    assert.equal(errors.length, 1);
    assert.equal(errors[0].line, 5);
    assert.match(errors[0].message, /invalid regular expression/);
  });

  it('an empty file adds nothing; a non-mapping is an error', () => {
    assert.deepEqual(loadPolicyText('# only a comment\n', F).errors, []);
    assert.equal(loadPolicyText('just some text\n', F).errors.length, 1);
  });
});

describe('policy layers', () => {
  it('a trusted workspace may loosen a shipped rule by name', () => {
    const { policy } = compilePolicy('version: 1\npaths:\n  tests:\n    write: allow\n', F, true);
    const tests = policy!.paths.find((r) => r.name === 'tests')!;
    assert.equal(tests.ops.write, 'allow');
  });

  it('an untrusted workspace may only tighten', () => {
    const { policy } = compilePolicy(
      'version: 1\npaths:\n  tests:\n    write: allow\n    read: deny\n  secrets:\n    disabled: true\noutsideWorkspace: allow\ncommands:\n  destructive: allow\n  allow: ["rm -rf /"]\nmasking:\n  enabled: false\n',
      F,
      false,
    );
    const tests = policy!.paths.find((r) => r.name === 'tests')!;
    assert.equal(tests.ops.write, 'deny');
    assert.equal(tests.ops.read, 'deny');
    assert.ok(policy!.paths.find((r) => r.name === 'secrets'));
    assert.equal(policy!.outsideWorkspace, 'deny');
    assert.equal(policy!.commands.destructive, 'ask');
    assert.equal(policy!.commands.patterns.filter((p) => p.decision === 'allow').length, 0);
    assert.equal(policy!.masking.enabled, true);
  });

  it('the floor protects the guard files whatever the workspace says', () => {
    const { policy } = compilePolicy('version: 1\npaths:\n  tests:\n    write: allow\n', F, true);
    const floor = policy!.paths.filter((r) => r.source === 'floor');
    assert.ok(floor.some((r) => r.globs.includes('.agentguard.yaml') && r.ops.write === 'deny'));
    assert.ok(floor.some((r) => r.globs.includes('.git/**')));
  });

  it('a new rule without match is an error located at the rule', () => {
    const { policy, errors } = compilePolicy('version: 1\npaths:\n  docs:\n    write: deny\n', F, true);
    assert.equal(policy, undefined);
    assert.equal(errors[0].line, 3);
  });

  it('the policy hash changes with the policy', () => {
    const a = compilePolicy('version: 1\n', F, true).policy!;
    const b = compilePolicy('version: 1\ncommands:\n  destructive: deny\n', F, true).policy!;
    assert.notEqual(a.hash, b.hash);
  });
});

describe('policy store: a broken policy never opens the gate', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-store-')));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('uses the strict policy when the file is broken and nothing was good before', () => {
    fs.writeFileSync(path.join(dir, '.agentguard.yaml'), 'version: 1\npaths: [\n');
    const r = new PolicyStore().load(dir);
    assert.equal(r.state, 'strict-fallback');
    assert.equal(r.policy.hash, strictPolicy().hash);
    assert.ok(r.errors.length > 0);
  });

  it('keeps the last good policy when the file breaks later', () => {
    const store = new PolicyStore();
    fs.writeFileSync(path.join(dir, '.agentguard.yaml'), 'version: 1\ncommands:\n  destructive: deny\n');
    const good = store.load(dir);
    assert.equal(good.state, 'ok');
    fs.writeFileSync(path.join(dir, '.agentguard.yaml'), 'version: 1\ncommands:\n  destructiv: deny\n');
    const after = store.load(dir);
    assert.equal(after.state, 'last-good');
    assert.equal(after.policy.hash, good.policy.hash);
    assert.equal(after.policy.commands.destructive, 'deny');
  });

  it('no file: the shipped default', () => {
    const r = new PolicyStore().load(dir);
    assert.equal(r.state, 'default');
    assert.equal(r.policy.commands.destructive, 'ask');
  });
});
