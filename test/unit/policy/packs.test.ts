// Ecosystem packs: `extends:` as a list, detection from root entries, the layering rules that decide when
// detected packs apply, and the policy text "Create Policy from Default" writes.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { mergeLayers, packsInForce } from '../../../src/core/policy/layers';
import { emptyLayer, loadPolicyText } from '../../../src/core/policy/load';
import { detectEcosystems, PACK_NAMES, shippedPack } from '../../../src/core/policy/packs';
import { renderPolicyFromDefault } from '../../../src/core/policy/render';
import { compilePolicy, shippedLayer } from '../../../src/node/policyStore';
import { REPO, runCli } from '../helpers/cli';

const F = '/ws/.agentguard.yaml';
const ruleNames = (p: { paths: { name: string }[] }) => p.paths.map((r) => r.name);

describe('shipped packs', () => {
  it('the embedded packs are the YAML files in policies/packs (regenerate with node scripts/gen-packs.mjs)', () => {
    const r = spawnSync(process.execPath, [path.join(REPO, 'scripts/gen-packs.mjs'), '--check'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  });

  it('ships the eight ecosystems', () => {
    assert.deepEqual([...PACK_NAMES].sort(), ['dotnet', 'go', 'java', 'javascript', 'php', 'python', 'ruby', 'rust']);
  });

  for (const name of PACK_NAMES) {
    it(`${name}: loads, names its rules ${name}.*, protects tests (read allowed) and asks for its configuration`, () => {
      const pack = shippedPack(name);
      assert.equal(pack.meta.name, name);
      const rules = Object.entries(pack.layer.paths);
      assert.ok(rules.length >= 2);
      for (const [rule] of rules) assert.ok(rule.startsWith(`${name}.`), rule);
      const tests = pack.layer.paths[`${name}.tests`];
      assert.deepEqual(tests.ops, { read: 'allow', write: 'deny', delete: 'deny', rename: 'deny' });
      const config = pack.layer.paths[`${name}.test-config`];
      assert.deepEqual(config.ops, { read: 'allow', write: 'ask', delete: 'ask', rename: 'ask' });
      const secrets = pack.layer.paths[`${name}.secrets`];
      if (secrets) assert.deepEqual(secrets.ops, { read: 'deny', write: 'deny', delete: 'deny', rename: 'deny' });
    });
  }

  it('a pack file may hold only paths, and a policy file may not hold `pack`', () => {
    const bad = loadPolicyText('version: 1\npack: {name: x, title: X, detect: [x]}\ncommands: {benign: ask}\n', 'p.yaml', { isPack: true });
    assert.ok(bad.errors.some((e) => /may only hold `paths`/.test(e.message)));
    const policy = loadPolicyText('version: 1\npack: {name: x, title: X, detect: [x]}\n', F);
    assert.ok(policy.errors.some((e) => /belongs in a shipped pack file/.test(e.message)));
  });

  it('strict carries the same credential globs as the default', () => {
    const d = parse(fs.readFileSync(path.join(REPO, 'policies/default.yaml'), 'utf8')).paths.credentials.match;
    const s = parse(fs.readFileSync(path.join(REPO, 'policies/strict.yaml'), 'utf8')).paths.credentials.match;
    assert.deepEqual(s, d);
  });
});

describe('detecting ecosystems from root entries', () => {
  const table: [string[], string[]][] = [
    [['package.json', 'src'], ['javascript']],
    [['deno.json'], ['javascript']],
    [['pyproject.toml'], ['python']],
    [['requirements-dev.txt'], ['python']],
    [['manage.py'], ['python']],
    [['go.mod', 'go.sum'], ['go']],
    [['Cargo.toml', 'Cargo.lock'], ['rust']],
    [['pom.xml'], ['java']],
    [['build.gradle.kts'], ['java']],
    [['Gemfile'], ['ruby']],
    [['mygem.gemspec'], ['ruby']],
    [['Shop.sln'], ['dotnet']],
    [['App.CSPROJ'], ['dotnet']],
    [['composer.json'], ['php']],
    [
      ['composer.json', 'package.json'],
      ['javascript', 'php'],
    ],
    [['README.md', 'src', 'docs', 'package-lock.json', 'requirements'], []],
    [
      ['backend/pyproject.toml', 'frontend/package.json'],
      ['javascript', 'python'],
    ],
    [[], []],
  ];
  for (const [entries, want] of table) {
    it(`${JSON.stringify(entries)} → ${JSON.stringify(want)}`, () => {
      assert.deepEqual(
        detectEcosystems(entries).map((d) => d.name),
        want,
      );
    });
  }

  it('says which entries revealed each ecosystem', () => {
    const [py] = detectEcosystems(['setup.py', 'requirements.txt', 'README.md']);
    assert.deepEqual(py.evidence, ['requirements.txt', 'setup.py']);
    assert.equal(py.why, 'detected');
  });
});

describe('`extends:` with packs', () => {
  it('accepts a string or a list; a list may name a base, packs and auto', () => {
    assert.equal(loadPolicyText('version: 1\nextends: strict\n', F).layer.extends, 'strict');
    const l = loadPolicyText('version: 1\nextends: [strict, go, rust, auto]\n', F);
    assert.deepEqual(l.errors, []);
    assert.equal(l.layer.extends, 'strict');
    assert.deepEqual(l.layer.packs, ['go', 'rust']);
    assert.equal(l.layer.autoDetect, true);
  });

  it('locates an unknown name and suggests the nearest', () => {
    const { errors } = loadPolicyText('version: 1\nextends:\n  - default\n  - pyhton\n', F);
    assert.equal(errors.length, 1);
    assert.equal(errors[0].line, 4);
    assert.match(errors[0].message, /did you mean `python`/);
  });

  it('refuses two bases', () => {
    const { errors } = loadPolicyText('version: 1\nextends: [default, strict]\n', F);
    assert.match(errors[0].message, /two bases/);
  });

  it('a named pack applies in the compiled policy, with its layer recorded', () => {
    const { policy } = compilePolicy('version: 1\nextends: [default, go]\n', F, true);
    assert.ok(ruleNames(policy!).includes('go.tests'));
    assert.deepEqual(policy!.layers, ['default', 'pack:go', F, 'floor']);
    assert.deepEqual(
      policy!.packs!.map((p) => [p.name, p.why]),
      [['go', 'named']],
    );
  });

  it('`extends: strict` with a pack keeps the strict base', () => {
    const { policy } = compilePolicy('version: 1\nextends: [strict, ruby]\n', F, true);
    assert.equal(policy!.commands.benign, 'ask');
    assert.ok(ruleNames(policy!).includes('ruby.tests'));
  });
});

describe('when detected packs apply', () => {
  const base = () => shippedLayer('default');
  const layer = (text: string) => loadPolicyText(text, F).layer;
  const roots = ['go.mod', 'package.json'];

  it('no workspace file: the detected packs apply', () => {
    assert.deepEqual(
      packsInForce({ trusted: true, rootEntries: roots }).map((p) => p.name),
      ['go', 'javascript'],
    );
  });

  it('a trusted file without `auto` applies only the packs it names', () => {
    const uses = packsInForce({ trusted: true, rootEntries: roots, workspace: { layer: layer('version: 1\nextends: [default, go]\n'), file: F } });
    assert.deepEqual(
      uses.map((p) => p.name),
      ['go'],
    );
  });

  it('a trusted file with `auto` applies the named and the detected packs', () => {
    const uses = packsInForce({ trusted: true, rootEntries: roots, workspace: { layer: layer('version: 1\nextends: [default, rust, auto]\n'), file: F } });
    assert.deepEqual(
      uses.map((p) => [p.name, p.why]),
      [
        ['go', 'detected'],
        ['javascript', 'detected'],
        ['rust', 'named'],
      ],
    );
  });

  it('an untrusted file cannot drop a detected pack (it may only tighten)', () => {
    const uses = packsInForce({ trusted: false, rootEntries: roots, workspace: { layer: layer('version: 1\n'), file: F } });
    assert.deepEqual(
      uses.map((p) => p.name),
      ['go', 'javascript'],
    );
  });

  it('nothing is detected without root entries', () => {
    assert.deepEqual(packsInForce({ trusted: true }), []);
  });

  it('a trusted file may disable a pack rule by name; an untrusted one may not', () => {
    const text = 'version: 1\nextends: [default, go]\npaths:\n  go.tests:\n    disabled: true\n';
    const trusted = mergeLayers({ base: base(), baseName: 'default', trusted: true, workspace: { layer: layer(text), file: F } });
    assert.ok(!ruleNames(trusted.policy).includes('go.tests'));
    const untrusted = mergeLayers({ base: base(), baseName: 'default', trusted: false, workspace: { layer: layer(text), file: F } });
    assert.ok(ruleNames(untrusted.policy).includes('go.tests'));
  });

  it('an untrusted file cannot loosen a detected pack rule', () => {
    const text = 'version: 1\npaths:\n  javascript.tests:\n    write: allow\n';
    const { policy } = mergeLayers({ base: base(), baseName: 'default', trusted: false, rootEntries: roots, workspace: { layer: layer(text), file: F } });
    assert.equal(policy.paths.find((r) => r.name === 'javascript.tests')!.ops.write, 'deny');
  });

  it('a hand-built layer naming an unknown pack is an error, never ignored silently', () => {
    const l = { ...emptyLayer(), packs: ['cobol'] };
    const { errors } = mergeLayers({ base: base(), baseName: 'default', trusted: true, workspace: { layer: l, file: F } });
    assert.ok(errors.some((e) => e.severity === 'error' && /unknown pack `cobol`/.test(e.message)));
  });
});

describe('Create Policy from Default: the file names what was detected', () => {
  const defaultText = fs.readFileSync(path.join(REPO, 'policies/default.yaml'), 'utf8');

  it('writes `extends:` with the detected packs and what revealed each, and is a valid policy', () => {
    const text = renderPolicyFromDefault(defaultText, detectEcosystems(['pyproject.toml', 'package.json', 'README.md']));
    assert.match(text, /^extends: \[default, javascript, python\]$/m);
    assert.match(text, /#\s+javascript\s+JavaScript \/ TypeScript, found by package\.json/);
    assert.match(text, /#\s+python\s+Python, found by pyproject\.toml/);
    const { policy, errors } = compilePolicy(text, F, true);
    assert.deepEqual(
      errors.filter((e) => e.severity === 'error'),
      [],
    );
    assert.deepEqual(
      policy!.packs!.map((p) => p.name),
      ['javascript', 'python'],
    );
    // The rest of the default is there as it ships, so the person edits the whole policy.
    assert.ok(text.includes(defaultText.slice(defaultText.indexOf('paths:'))));
  });

  it('with nothing detected, says so and names the default alone', () => {
    const text = renderPolicyFromDefault(defaultText, []);
    assert.match(text, /No ecosystem manifest was found/);
    assert.match(text, /^extends: \[default\]$/m);
    const { policy } = compilePolicy(text, F, true);
    assert.equal(policy!.packs, undefined);
  });
});

describe('agentguard check and the schema know the packs', () => {
  it('the schema’s `extends` names are the bases, auto and the shipped packs', () => {
    const schema = JSON.parse(fs.readFileSync(path.join(REPO, 'policies/agentguard.schema.json'), 'utf8'));
    assert.deepEqual([...schema.definitions.extendsName.enum].sort(), ['auto', 'default', 'strict', ...PACK_NAMES].sort());
    assert.ok(schema.properties.extends.oneOf.some((o: { type?: string }) => o.type === 'array'));
  });

  it('check warns when the folder holds an ecosystem whose pack the file does not apply, and names the packs in force', () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-check-packs-')));
    try {
      fs.writeFileSync(path.join(dir, 'package.json'), '{}');
      fs.writeFileSync(path.join(dir, 'go.mod'), 'module x\n');
      fs.writeFileSync(path.join(dir, '.agentguard.yaml'), 'version: 1\nextends: [default, go]\n');
      const r = runCli(['check', '--workspace', dir]);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(r.stderr, /warning: this folder has package\.json \(JavaScript \/ TypeScript\) but the policy does not apply the `javascript` pack/);
      assert.doesNotMatch(r.stderr, /`go` pack/);
      assert.match(r.stderr, /packs: go \(named\)/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
