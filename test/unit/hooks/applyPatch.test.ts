// apply_patch read the way each host that applies it reads it: VS Code (Copilot Chat's parser: markers at
// column 0, the text must begin with "*** Begin Patch"), Cline (column 0, sentinels searched, wrappers
// stripped) and Codex (headers recognised after trimming, first/last line boundaries). Each attack here
// hides a section from a parser with the wrong grammar; each must surface as a judged path.
import { strict as assert } from 'node:assert';
import { applyHunk, parsePatch, type PatchGrammar } from '../../../src/core/hooks/applyPatch';
import { planHook, type HookEnvelope } from '../../../src/core/hooks';

const paths = (text: string, g: PatchGrammar) => {
  const r = parsePatch(text, g);
  assert.ok(r.ok, JSON.stringify(r));
  return r.effects.map((e) => `${e.op}:${e.path}${e.dest ? `>${e.dest}` : ''}`);
};

const hidden = (marker: string) =>
  [
    '*** Begin Patch',
    '*** Update File: /w/docs/apply-patch.md',
    '@@',
    ` the format ends with`,
    `${marker}`,
    '-old',
    '+new',
    '*** Update File: /w/tests/a.test.ts',
    '@@',
    '-expect(a).toBe(1);',
    '+expect(a).toBe(a);',
    '*** Delete File: /w/.agentguard.yaml',
    '*** End Patch',
  ].join('\n');

describe('apply_patch grammars', () => {
  for (const [name, marker] of [
    ['space-indented', '  *** End Patch'],
    ['tab-indented', '\t*** End Patch'],
    ['NBSP-prefixed', '\u00a0*** End Patch'],
  ]) {
    it(`vscode: a ${name} End Patch is a context line; the sections after it are judged`, () => {
      assert.deepEqual(paths(hidden(marker), 'vscode'), ['update:/w/docs/apply-patch.md', 'update:/w/tests/a.test.ts', 'delete:/w/.agentguard.yaml']);
    });
    it(`cline: a ${name} End Patch does not end the patch either`, () => {
      assert.deepEqual(paths(hidden(marker), 'cline'), ['update:/w/docs/apply-patch.md', 'update:/w/tests/a.test.ts', 'delete:/w/.agentguard.yaml']);
    });
  }

  // Each loop of the column-0 parser meets an indented End Patch somewhere else: inside a chunk (above), as
  // the first line of an update section, or where a file header is expected. The plan judges lookalike
  // headers too, so a parser that wrongly ends at a trimmed marker still refuses the hidden delete — by the
  // wrong reading. These check the reading itself: every section is a hunk (no lookalikes left), or the
  // patch fails as it does in the host.
  for (const g of ['vscode', 'cline'] as const) {
    it(`${g}: an indented End Patch opening an update section is its context line; the delete after it is a hunk`, () => {
      const text = '*** Begin Patch\n*** Update File: /w/docs/a.md\n  *** End Patch\n-old\n+new\n*** Delete File: /w/.agentguard.yaml\n*** End Patch';
      const r = parsePatch(text, g);
      assert.ok(r.ok, JSON.stringify(r));
      assert.deepEqual(
        r.effects.map((e) => `${e.op}:${e.path}`),
        ['update:/w/docs/a.md', 'delete:/w/.agentguard.yaml'],
      );
      assert.deepEqual(r.lookalikes, []);
      const plan = planHook({
        host: g,
        phase: 'pre',
        eventName: 'PreToolUse',
        toolName: 'apply_patch',
        toolInput: { input: text },
        cwd: '/w',
        workspaceRoots: ['/w'],
      });
      assert.ok(plan.kind === 'calls');
      assert.ok(!plan.calls.some((c) => c.preset), JSON.stringify(plan.calls.map((c) => c.preset)));
      assert.deepEqual(
        plan.calls.map((c) => [c.op, c.paths]),
        [
          ['write', ['/w/docs/a.md']],
          ['delete', ['/w/.agentguard.yaml']],
        ],
      );
    });
    it(`${g}: an indented End Patch where a file header is expected fails the whole patch, as in the host`, () => {
      const text = '*** Begin Patch\n*** Delete File: /w/docs/old.md\n  *** End Patch\n*** Delete File: /w/.agentguard.yaml\n*** End Patch';
      const r = parsePatch(text, g);
      assert.equal(r.ok, false, JSON.stringify(r));
      const plan = planHook({
        host: g,
        phase: 'pre',
        eventName: 'PreToolUse',
        toolName: 'apply_patch',
        toolInput: { input: text },
        cwd: '/w',
        workspaceRoots: ['/w'],
      });
      assert.ok(plan.kind === 'calls');
      assert.deepEqual(
        plan.calls.map((c) => c.preset?.rule),
        ['hook:patch-unparsable'],
      );
    });
  }

  it('vscode: the patch must begin exactly with "*** Begin Patch" and a newline', () => {
    assert.equal(parsePatch(' *** Begin Patch\n*** Delete File: /w/a\n*** End Patch', 'vscode').ok, false);
    assert.equal(parsePatch('*** Begin Patch\r\n*** Delete File: /w/a\r\n*** End Patch', 'vscode').ok, false);
    assert.equal(parsePatch("apply_patch <<'EOF'\n*** Begin Patch\n*** Delete File: /w/a\n*** End Patch\nEOF", 'vscode').ok, false);
  });

  it('vscode: the first column-0 End Patch ends it; a header after it only looks like one, and is judged too', () => {
    const r = parsePatch('*** Begin Patch\n*** Delete File: /w/a\n*** End Patch\n*** Delete File: /w/tests/b.test.ts\n', 'vscode');
    assert.ok(r.ok);
    assert.deepEqual(r.effects, [{ op: 'delete', path: '/w/a' }]);
    assert.deepEqual(r.lookalikes, [{ op: 'delete', path: '/w/tests/b.test.ts' }]);
  });

  it('vscode: a line starting with *** inside an update fails the whole patch (the host applies nothing)', () => {
    assert.equal(parsePatch('*** Begin Patch\n*** Update File: /w/a\n@@\n-x\n+y\n***Delete File: /w/b\n*** End Patch', 'vscode').ok, false);
    assert.equal(parsePatch('*** Begin Patch\n*** Add File: /w/a\n+x\nnot an added line\n*** End Patch', 'vscode').ok, false);
  });

  it('every grammar: an added line that reads like a header is content, and is not judged as a path', () => {
    for (const g of ['vscode', 'cline', 'codex'] as const) {
      const r = parsePatch('*** Begin Patch\n*** Add File: docs/p.md\n+*** Update File: tests/a.test.ts\n+text\n*** End Patch', g);
      assert.ok(r.ok, `${g}: ${JSON.stringify(r)}`);
      assert.deepEqual(r.effects, [{ op: 'add', path: 'docs/p.md' }], g);
      assert.deepEqual(r.lookalikes, [], g);
    }
  });

  it('codex: a header is recognised after trimming — an indented Delete after an added file deletes', () => {
    const text =
      '*** Begin Patch\n*** Add File: notes.txt\n+hello\n\t*** Delete File: .agentguard.yaml\n   *** Update File: tests/a.test.ts\n@@\n-a\n+b\n*** End Patch';
    assert.deepEqual(paths(text, 'codex'), ['add:notes.txt', 'delete:.agentguard.yaml', 'update:tests/a.test.ts']);
  });

  it('codex: boundaries are the first and last lines (trimmed), or a <<EOF heredoc around them', () => {
    assert.deepEqual(paths('  *** Begin Patch  \n*** Delete File: a\n  *** End Patch  \n\n', 'codex'), ['delete:a']);
    assert.deepEqual(paths("<<'EOF'\n*** Begin Patch\n*** Delete File: a\n*** End Patch\nEOF", 'codex'), ['delete:a']);
    // An End Patch in the middle is not a boundary for Codex: it is an invalid hunk header.
    assert.equal(parsePatch('*** Begin Patch\n*** Delete File: a\n*** End Patch\n*** Delete File: b\n*** End Patch', 'codex').ok, false);
    assert.equal(parsePatch('*** Begin Patch\n*** Delete File: a\n', 'codex').ok, false);
  });

  it('codex: CRLF lines are read as Codex reads them (the CR dropped)', () => {
    assert.deepEqual(paths('*** Begin Patch\r\n*** Update File: src/a.ts\r\n@@\r\n-x\r\n+y\r\n*** End Patch\r\n', 'codex'), ['update:src/a.ts']);
  });

  it('cline: sentinels are searched (text before Begin is ignored) or, without them, wrapper lines stripped', () => {
    assert.deepEqual(paths('Here is the patch:\n*** Begin Patch\n*** Delete File: a\n*** End Patch\nthanks', 'cline'), ['delete:a']);
    assert.deepEqual(paths('```\n*** Update File: a\n@@\n-x\n+y\n```', 'cline'), ['update:a']);
    assert.equal(parsePatch('*** Begin Patch\n*** Delete File: a\n', 'cline').ok, false, 'Begin without End');
  });

  it('a move deletes its source and writes its destination; duplicates and empty paths are refused', () => {
    assert.deepEqual(paths('*** Begin Patch\n*** Update File: a.ts\n*** Move to: tests/b.ts\n@@\n-x\n+y\n*** End Patch', 'vscode'), ['move:a.ts>tests/b.ts']);
    assert.equal(parsePatch('*** Begin Patch\n*** Delete File: a\n*** Delete File: a\n*** End Patch', 'vscode').ok, false);
    assert.equal(parsePatch('*** Begin Patch\n*** Delete File:  \n*** End Patch', 'cline').ok, false);
  });

  it('the plan judges every header the host reads and every line that looks like one', () => {
    const env: HookEnvelope = {
      host: 'vscode',
      phase: 'pre',
      eventName: 'PreToolUse',
      toolName: 'apply_patch',
      toolInput: { input: hidden('  *** End Patch'), explanation: 'x' },
      cwd: '/w',
    };
    const plan = planHook(env);
    assert.ok(plan.kind === 'calls');
    assert.deepEqual(
      plan.calls.map((c) => [c.op, c.paths]),
      [
        ['write', ['/w/docs/apply-patch.md', '/w/tests/a.test.ts']],
        ['delete', ['/w/.agentguard.yaml']],
      ],
    );
    const codex = planHook({
      ...env,
      host: 'codex',
      toolName: 'apply_patch',
      toolInput: { command: '*** Begin Patch\n*** Add File: x\n+1\n\t*** Delete File: tests/a.test.ts\n*** End Patch' },
    });
    assert.ok(codex.kind === 'calls');
    assert.deepEqual(
      codex.calls.map((c) => [c.op, c.paths]),
      [
        ['write', ['/w/x']],
        ['delete', ['/w/tests/a.test.ts']],
      ],
    );
  });
});

describe('apply_patch results', () => {
  const update = (body: string) => {
    const r = parsePatch(`*** Begin Patch\n*** Update File: f.ts\n${body}\n*** End Patch`, 'vscode');
    assert.ok(r.ok, JSON.stringify(r));
    return r.hunks[0];
  };

  it('an update is applied after its @@ anchor, tolerating trailing whitespace', () => {
    const before = 'function a() {\n  return 1;\n}\nfunction b() {\n  return 1;   \n}\n';
    const h = update('@@ function b() {\n-  return 1;\n+  return 2;');
    assert.equal(applyHunk(h, before, 'vscode'), 'function a() {\n  return 1;\n}\nfunction b() {\n  return 2;\n}\n');
  });

  it('an update whose lines are not in the file cannot be told (undefined), and an added file is its lines', () => {
    assert.equal(applyHunk(update('@@\n-nowhere\n+x'), 'a\nb\n', 'vscode'), undefined);
    const r = parsePatch('*** Begin Patch\n*** Add File: n.ts\n+a\n+b\n*** End Patch', 'codex');
    assert.ok(r.ok);
    assert.equal(applyHunk(r.hunks[0], undefined, 'codex'), 'a\nb\n');
  });

  it("withText rewrites only the body lines of each file, through the caller's fix, keeping CRs", () => {
    const env: HookEnvelope = {
      host: 'cline',
      phase: 'pre',
      eventName: 'tool_call',
      toolName: 'apply_patch',
      toolInput: {
        input:
          '*** Begin Patch\r\n*** Update File: a.ts\r\n@@\r\n-K = «secret:x#1»\r\n+K = «secret:x#1» // kept\r\n*** Add File: b.ts\r\n+«secret:x#1»\r\n*** End Patch',
      },
      cwd: '/w',
      workspaceRoots: ['/w'],
      rewritesInput: true,
    };
    const plan = planHook(env);
    assert.ok(plan.kind === 'calls' && plan.effects?.withText);
    const seen: string[] = [];
    const out = plan.effects.withText((text, p, role) => {
      seen.push(`${p}:${role}`);
      return p === 'a.ts' ? text.replace('«secret:x#1»', 'REAL') : text;
    });
    assert.equal(
      out.input,
      '*** Begin Patch\r\n*** Update File: a.ts\r\n@@\r\n-K = REAL\r\n+K = REAL // kept\r\n*** Add File: b.ts\r\n+«secret:x#1»\r\n*** End Patch',
    );
    assert.deepEqual(seen, ['a.ts:old', 'a.ts:new', 'b.ts:new']);
  });
});
