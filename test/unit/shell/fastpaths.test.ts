// The classifier's fast paths skip work by command name (it sits on every tool call; see bench/commands.ts).
// A name missing from one of those lists would silently skip a check, so each list is compared with the code
// it stands for, read from the source, and a few commands per list prove the path still leads to the finding.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Effect } from '../../../src/core/shell/effects';
import { NO_ASSIGNS, NO_CONFIG, NO_EFFECTS, NO_WORDS } from '../../../src/core/shell/empty';
import { analyzeCommand, decideCommand } from '../../../src/core/shell/index';
import { shellOuts } from '../../../src/core/shell/interp';
import { SYS_CONFIG_NAMES } from '../../../src/core/shell/rules/system';
import { SPECIAL } from '../../../src/core/shell/unwrap';
import { parse } from 'unbash';
import { evalParts, evalText, evalWord, word } from '../../../src/core/shell/words';

const src = (f: string) => readFileSync(path.join(__dirname, '../../../src/core/shell', f), 'utf8');
const env = { cwd: '/home/dev/project', workspace: '/home/dev/project', home: '/home/dev' };

/** The text of a function (or an object-literal rule) from its start marker to the next top-level marker. */
function section(text: string, start: string, end: string): string {
  const i = text.indexOf(start);
  assert.ok(i >= 0, `marker ${start} not found`);
  const j = text.indexOf(end, i + start.length);
  return text.slice(i, j < 0 ? undefined : j);
}

const quoted = (s: string) => [...s.matchAll(/'([^']+)'/g)].map((m) => m[1]!);

describe('classifier fast paths', () => {
  it('sys.config: SYS_CONFIG_NAMES holds every name the rule tests', () => {
    const body = section(src('rules/system.ts'), "id: 'sys.config'", "id: 'net.exfiltration'");
    const names = [...body.matchAll(/named\(\s*s,\s*([^)]*)\)/g)].flatMap((m) => quoted(m[1]!));
    // The kernel and boot programs are one list (KERNEL_BOOT), spread into SYS_CONFIG_NAMES where it is defined.
    const kernel = quoted(section(src('rules/system.ts'), 'const KERNEL_BOOT = [', '];'));
    assert.ok(names.length > 15 && kernel.length > 10 && /\.\.\.KERNEL_BOOT,/.test(src('rules/system.ts')));
    for (const n of [...names, ...kernel]) assert.ok(SYS_CONFIG_NAMES.has(n), `${n} is tested by sys.config but not in SYS_CONFIG_NAMES`);
  });

  it('unwrapCommand: SPECIAL holds every name the unwrap loop compares against', () => {
    const body = section(src('unwrap.ts'), 'function peel(', '\n}\n');
    const names = [...body.matchAll(/name === '([^']+)'/g)].map((m) => m[1]!);
    assert.ok(names.length > 15);
    for (const n of names) assert.ok(SPECIAL.has(n), `${n} is unwrapped but not in SPECIAL`);
  });

  const cases: [string, string][] = [
    ['useradd eve', 'sys.config'],
    ['HISTFILE=/dev/null bash', 'sys.config'],
    ['umount /mnt/data', 'sys.config'],
    ['timeout 5 sudo rm -rf /srv', 'priv.sudo'],
    ['doas rm -rf src', 'rm.recursive'],
    ['uv run rm -rf src', 'rm.recursive'],
    ['tar cf package.json src', 'fs.overwrite'],
    ['echo x | tee -a ~/.bashrc', 'fs.outside-workspace'],
  ];
  for (const [line, rule] of cases) {
    it(`${line} → ${rule}`, () => {
      const rules = analyzeCommand(line, env).findings.map((f) => f.rule);
      assert.ok(rules.includes(rule), `${line}: ${rules.join(', ') || 'no finding'}`);
    });
  }

  it('a word evaluated on a fast path has the value unbash gives it', () => {
    const words = [
      'rm',
      '-rf',
      'src/a.ts',
      'a=b',
      'x@y:z',
      '1,2',
      '+x',
      '%h',
      "'a b'",
      "''",
      "'$x'",
      "'a\\b'",
      '"a b"',
      '""',
      '"a\'b"',
      '"it is $x"',
      '"\\n"',
      '"a"b',
      "'a'\\''b'",
      '"a!b"',
      '~',
      '~/x',
      'a*',
      '"*.ts"',
      "'*.ts'",
      '{a,b}',
      '\\rm',
      "$'\\x72m'",
      '"$(rm x)"',
    ];
    let fast = 0;
    for (const text of words) {
      const script = parse(`echo ${text}`);
      const cmd = script.commands[0]!.command as unknown as { suffix: { type: string; text: string; value: string }[] };
      const w = cmd.suffix[0]!;
      assert.equal(w.text, text);
      const ours = evalWord(w as never, { home: '/home/dev' });
      if (!/[$`{~*\\]/.test(text)) {
        fast++;
        assert.equal(ours.value, w.value, `value of ${text}`);
        assert.equal(ours.glob, false, `glob of ${text}`);
      } else if (/^[^'"]*\$[({]|^"\$|`/.test(text)) assert.equal(ours.value, null, `${text} is dynamic`);
    }
    assert.ok(fast >= 15);
  });

  it('a word evaluated from its text alone gets what its parts give (value, glob, path)', () => {
    const words = [
      'rm',
      'src/a.ts',
      "'a b'",
      '"a b"',
      '--since="2 weeks ago"',
      '--pretty=format:"%h %an %s"',
      "a'b c'd",
      'a"b"\'c\'',
      '--x=""',
      "''",
      '""',
      "x='$y'",
      'public/*',
      '*.log',
      'a?b',
      '*',
      '?',
      'src/**/x.ts',
      '[',
      ']',
      '$HOME',
      '"$HOME"',
      '${HOME}',
      '"${HOME}"',
      '$HOMEx',
      '$f',
      '"$f"',
      '${f}',
      '"${f}"',
      // Not from the text alone (evalParts): each is here to prove evalText leaves it.
      '[ab]',
      '~/x',
      '~',
      '"a!b"',
      '"$f"x',
      '$f/x',
      '"$(rm x)"',
      '{a,b}',
      '*.{ts,js}',
      '\\rm',
      "$'\\x72m'",
      '"a\\"b"',
      '$1',
      '"$?"',
      '@(a|b)',
      'a\\ b',
    ];
    const env = { home: '/home/dev' };
    let fromText = 0;
    for (const text of words) {
      const script = parse(`echo ${text}`);
      const cmd = script.commands[0]!.command as unknown as { suffix: { type: string; text: string }[] };
      assert.equal(cmd.suffix.length, 1, text);
      const w = cmd.suffix[0]! as never as Parameters<typeof evalParts>[0];
      assert.equal(w.text, text);
      const fast = evalText(text, env);
      if (fast === undefined) continue;
      fromText++;
      assert.deepEqual(fast, evalParts(w, env), text);
    }
    assert.equal(fromText, 29);
  });

  it('a shared empty value modified during an analysis fails that analysis closed, and is repaired', () => {
    const line = 'git status';
    assert.deepEqual(analyzeCommand(line, env).findings, []);
    NO_EFFECTS.push({ op: 'delete', path: '/', sub: undefined, subText: 'x', how: 'rm' } as Effect);
    const a = analyzeCommand(line, env);
    assert.ok(
      a.findings.some((f) => f.rule === 'parse.error' && /shared empty/.test(f.explanation)),
      JSON.stringify(a.findings),
    );
    assert.equal(NO_EFFECTS.length, 0);
    (NO_WORDS as unknown[]).push(1);
    NO_ASSIGNS.X = '1';
    assert.ok(analyzeCommand(line, env).findings.some((f) => f.rule === 'parse.error'));
    assert.deepEqual(analyzeCommand(line, env).findings, []);
    // A git command without -c shares NO_CONFIG: an alias written into it must not outlive the analysis.
    NO_CONFIG['alias.status'] = '!rm -rf src';
    assert.ok(analyzeCommand(line, env).findings.some((f) => f.rule === 'parse.error'));
    assert.deepEqual(analyzeCommand(line, env).findings, []);
  });

  it('shellOuts: the keyword pre-check lets every shell-out form of the regexes through', () => {
    const re = /const SHELL_OUT =\s*\/\\b\(\?:([^)]*)\)/.exec(src('interp.ts'));
    assert.ok(re, 'SHELL_OUT not found');
    const fns = re[1]!.split('|').map((f) => f.replace(/\\\./g, '.'));
    assert.ok(fns.length > 15);
    for (const f of fns) {
      const code = `x = ${f}("rm -rf build")`;
      assert.deepEqual([...shellOuts(code).literals], ['rm -rf build'], code);
    }
    assert.ok(shellOuts("subprocess.check_output(['rm', '-rf', 'b'])").literals.includes('rm -rf b'));
  });

  it('a long run of plain characters that fails at its end is classified in one pass, not in every split of the run', function () {
    this.timeout(5000);
    // `curl -X DELETE http://localhost:9200/logs-*`: with a nested quantifier the mixed-literal shape tried each
    // of the 2^n splits of the run before failing (seconds for 27 characters): any line could stall the guard.
    // 29 plain characters take many seconds that way, microseconds in one pass (the test's time limit).
    const run = 'http://localhost:9200/logs-20';
    const glob = evalText(`${run}*`, { home: env.home });
    assert.ok(glob && glob.glob && glob.value === `${run}*`, JSON.stringify(glob));
    assert.equal(evalText(`${run}$x`, { home: env.home }), undefined);
    const mixed = evalText(`${run}"a b"'c'`, { home: env.home });
    assert.equal(mixed?.value, `${run}a bc`);
    assert.equal(
      decideCommand(`curl -X DELETE ${run}*`, { rules: {}, destructive: 'ask', unknown: 'ask', patterns: [], checkPaths: true }, env).verdict.decision,
      'ask',
    );
  });

  it('every word has the same fields in the same order', () => {
    assert.deepEqual(Object.keys(word('a', false, 'a', 'a')), ['value', 'glob', 'text', 'path', 'fromInput', 'alts', 'input']);
    const a = analyzeCommand(`cp "$HOME/x" ~/y 'z' w*`, env);
    assert.equal(a.subcommands.length, 1);
  });

  it("decideCommand's analysis builds subcommands on read: the same list, the same serialised shape", () => {
    const policy = { rules: {}, destructive: 'ask', unknown: 'ask', patterns: [], checkPaths: true } as const;
    for (const line of ['sudo -u x env FOO=1 nice rm -rf a && cat <<EOF > out.txt\nhi\nEOF', "bash -c 'ls' | xargs rm", 'if true; then rm x']) {
      const plain = analyzeCommand(line, env);
      const { analysis } = decideCommand(line, { ...policy, patterns: [] }, env);
      assert.deepEqual(analysis.subcommands, plain.subcommands, line);
      assert.equal(analysis.subcommands, analysis.subcommands, 'built once');
      assert.deepEqual(JSON.parse(JSON.stringify(analysis)), JSON.parse(JSON.stringify(plain)), line);
      assert.deepEqual(Object.keys(JSON.parse(JSON.stringify(analysis))), ['subcommands', 'findings', 'paths', 'errors']);
    }
  });
});
