// `agentguard test [FILE…]`: policy tests, so a team pins its policy in CI.
// A test file is YAML:
//   policy: default | strict | <path to a policy file>   (optional; default: the workspace's policy)
//           | [default, python, …]                       (a shipped base with packs, as `extends:` names them)
//   rootEntries: [pyproject.toml, …]   (optional, with a shipped policy: the folder's root, to detect packs)
//   cases:
//     - name: denies editing tests/a.test.ts
//       call: {op: write, path: tests/a.test.ts}
//       expect: deny
// With a shipped policy the cases run in an empty temporary workspace, so they do not depend on what is on
// disk; otherwise in --workspace (default: the current folder).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { mergeLayers } from '../core/policy/layers';
import type { Policy } from '../core/policy/types';
import { isDecision } from '../core/types';
import { GuardService } from '../node/guardService';
import { compilePolicy, formatError, PolicyStore, shippedLayer, POLICY_FILE } from '../node/policyStore';
import { callFromJson } from './eval';
import { homeDir, type Io, parseArgs, resolveWorkspace, UsageError, writeLine } from './common';

interface TestFile {
  policy?: string | string[];
  rootEntries?: string[];
  cases: { name: string; call: unknown; expect: string }[];
}

export async function testCommand(argv: string[], io: Io): Promise<number> {
  const { opts, rest } = parseArgs(argv, { values: ['workspace'] });
  const files = rest.length ? rest : [path.join(resolveWorkspace(opts.workspace as string | undefined), '.agentguard.test.yaml')];
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    const doc = parse(fs.readFileSync(file, 'utf8')) as TestFile;
    if (!doc || !Array.isArray(doc.cases)) throw new UsageError(`${file}: expected a mapping with a \`cases\` list`);
    let workspace: string;
    let policy: Policy;
    let tmp: string | undefined;
    if (doc.rootEntries !== undefined && (!Array.isArray(doc.rootEntries) || !doc.rootEntries.every((e) => typeof e === 'string'))) {
      throw new UsageError(`${file}: \`rootEntries\` must be a list of file names`);
    }
    if (doc.policy === 'default' || doc.policy === 'strict') {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'agentguard-test-'));
      workspace = fs.realpathSync(tmp);
      policy = mergeLayers({ base: shippedLayer(doc.policy), baseName: doc.policy, trusted: true, rootEntries: doc.rootEntries }).policy;
    } else if (Array.isArray(doc.policy)) {
      // The policy a file with `extends: [<these>]` and nothing else would give.
      if (!doc.policy.every((n) => typeof n === 'string')) throw new UsageError(`${file}: \`policy\` must list names such as [default, python]`);
      const c = compilePolicy(`version: 1\nextends: [${doc.policy.join(', ')}]\n`, file, true);
      if (!c.policy) {
        for (const e of c.errors) writeLine(io.stdout, formatError(e));
        return 1;
      }
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'agentguard-test-'));
      workspace = fs.realpathSync(tmp);
      policy = c.policy;
    } else {
      workspace = resolveWorkspace(opts.workspace as string | undefined);
      if (doc.policy) {
        const pf = path.resolve(path.dirname(file), doc.policy as string);
        const c = compilePolicy(fs.readFileSync(pf, 'utf8'), pf, true);
        if (!c.policy) {
          for (const e of c.errors) writeLine(io.stdout, formatError(e));
          return 1;
        }
        policy = c.policy;
      } else {
        const loaded = new PolicyStore().load(workspace);
        if (loaded.state !== 'ok' && loaded.state !== 'default') {
          for (const e of loaded.errors) writeLine(io.stdout, formatError(e));
          writeLine(io.stdout, `${path.join(workspace, POLICY_FILE)} is broken; fix it before testing it`);
          return 1;
        }
        policy = loaded.policy;
      }
    }
    try {
      // The same pipeline every channel uses, deciding only.
      const service = new GuardService({ workspace, home: homeDir(), policy });
      for (const [i, c] of doc.cases.entries()) {
        const label = `${path.basename(file)}: ${c.name ?? `case ${i + 1}`}`;
        const call = callFromJson(c.call, i + 1);
        if (typeof call === 'string' || !isDecision(c.expect)) {
          failed++;
          writeLine(io.stdout, `✗ ${label}: invalid case (${typeof call === 'string' ? call : 'expect must be allow, ask or deny'})`);
          continue;
        }
        const v = (await service.run(call, { decideOnly: true })).verdict;
        if (v.decision === c.expect) {
          passed++;
          writeLine(io.stdout, `✓ ${label}`);
        } else {
          failed++;
          writeLine(io.stdout, `✗ ${label}: expected ${c.expect}, got ${v.decision} (${v.rule}: ${v.reason})`);
        }
      }
    } finally {
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
  writeLine(io.stdout, `${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}
