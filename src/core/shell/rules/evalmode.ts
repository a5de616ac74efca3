// Language toolchains have run, eval and script modes next to their compile modes: `crystal eval CODE`,
// `nim e --eval:CODE`, `tcc -run -`, `cmake -P /dev/stdin`, `pwsh -EncodedCommand B64`, `java --source 17
// /dev/stdin`, `kotlinc -script`, `ghc -e`, `swift -e`, `dc -e '!cmd'`. Threat: a row that models the
// toolchain as a compiler of project files lets code the guard never reads run as if it were a build.
// Code given inline, on the input, or from outside the workspace is code nobody on the project has seen: ask.
import { stdinText } from '../programs/handlers';
import { judgeCallCode } from '../programs/callcode';
import type { Model } from '../programs/model';
import type { Sub, W } from '../types';
import type { Rule, RuleCtx } from './types';

interface Mode {
  /** An option whose value (or the option itself) is inline code or an encoded program. */
  code?: RegExp;
  /** A first verb that evaluates inline code or a program read from the input (`crystal eval`, `deno eval`). */
  evalVerb?: RegExp;
  /** A verb or option that runs a source file (`zig run`, `tcc -run`, `cmake -P`): its source is judged. */
  run?: RegExp;
  /** The program reads code on its input when no source is named (dc, tclsh, ocaml). */
  stdinProgram?: boolean;
}

// PowerShell accepts any unambiguous prefix of a parameter, any case: -e, -ec, -enc, -EncodedCommand; -Command
// code is PowerShell, which the guard does not read (`-c` with bash flags only is reparsed as a shell line).
const PWSH: Mode = {
  code: /^-(e|ec|en|enc|enco|encod|encode|encoded|encodedc|encodedco|encodedcom|encodedcomm|encodedcomma|encodedcomman|encodedcommand|encodedarguments|ea|c|co|com|comm|comma|comman|command|cwa|commandwithargs)(:.*)?$/i,
};

const MODES: Record<string, Mode> = {
  dc: { code: /^(-e|--expression)(=.*)?$/, stdinProgram: true },
  crystal: { evalVerb: /^(eval|i|interactive|play)$/, run: /^(run)$/ },
  nim: { code: /^--eval(:.*)?$/, evalVerb: /^(secret)$/, run: /^(e|r|run)$/ },
  nimble: { evalVerb: /^(shell)$/ },
  tcc: { run: /^-run$/ },
  cmake: { run: /^-P$/ },
  ctest: { run: /^-S$/ },
  pwsh: PWSH,
  powershell: PWSH,
  'powershell.exe': PWSH,
  java: { run: /^--source(=.*)?$/ },
  kotlinc: { code: /^-(e|expression)$/, run: /^-script$/ },
  kotlin: { code: /^-(e|expression)$/ },
  scala: { code: /^-(e|expression)$/ },
  groovy: { code: /^-e$/ },
  swift: { code: /^-e$/ },
  ghc: { code: /^-e$/ },
  ghci: { code: /^-e$/ },
  runghc: { code: /^-e$/, stdinProgram: true },
  runhaskell: { code: /^-e$/, stdinProgram: true },
  stack: { evalVerb: /^(eval|ghci|repl)$/ },
  cabal: { evalVerb: /^(repl)$/ },
  zig: { run: /^run$/ },
  v: { run: /^run$/ },
  julia: { code: /^-(e|E|-eval|-print)(=.*)?$/ },
  r: { code: /^(-e|--expr)(=.*)?$/ },
  rscript: { code: /^(-e|--expr)(=.*)?$/ },
  deno: { evalVerb: /^(eval|repl)$/ },
  elixir: { code: /^(-e|--eval|--rpc-eval)$/ },
  iex: { code: /^(-e|--eval)$/ },
  erl: { code: /^-eval$/ },
  escript: { stdinProgram: true },
  racket: { code: /^(-e|--eval)$/ },
  guile: { code: /^(-c|-e)$/ },
  sbcl: { code: /^--eval$/ },
  clisp: { code: /^-x$/ },
  ocaml: { code: /^-e$/, stdinProgram: true },
  lua: { code: /^-e$/ },
  luajit: { code: /^-e$/ },
  tclsh: { stdinProgram: true },
  wish: { stdinProgram: true },
  octave: { code: /^--eval$/ },
  jshell: { stdinProgram: true },
  dotnet: { evalVerb: /^(fsi|script)$/ },
};

/** A source that is the input, a file descriptor or a process substitution. */
function stdinLike(w: W): boolean {
  if (/^<\(/.test(w.text)) return true;
  const v = w.value;
  return v !== null && /^(-|\/dev\/stdin|\/dev\/fd\/\d+|\/proc\/(self|\d+)\/fd\/\d+)$/.test(v);
}

function outside(v: string, ctx: RuleCtx): boolean {
  if (!v.startsWith('/') && !v.startsWith('~')) return false;
  const ws = ctx.env.workspace;
  return ws === undefined || !(v === ws || v.startsWith(ws.endsWith('/') ? ws : ws + '/'));
}

/** The toolchain's mode table, by the sub-command's name in any case. */
function modeOf(n: string | null): Mode | undefined {
  const name = (n ?? '').toLowerCase();
  return Object.prototype.hasOwnProperty.call(MODES, name) ? MODES[name] : undefined;
}

export function evalModeCheck(s: Sub, ctx: RuleCtx): string | undefined {
  const name = (s.name ?? '').toLowerCase();
  // Not listed by `names` (that would make each a modelled program): indexed by `concerns`.
  const mode = modeOf(s.name);
  if (!mode) return undefined;
  const ws = s.words;
  let firstVerb: string | null | undefined;
  let runAt = -1;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    if (mode.code?.test(v)) {
      // dc's only escape is `!`: an expression without one is arithmetic.
      if (name === 'dc') {
        const code = v.includes('=') ? v.slice(v.indexOf('=') + 1) : ws[i + 1]?.value;
        if (code !== null && code !== undefined && !code.includes('!')) continue;
      }
      // R and Julia one-liners made of known calls are read (programs/callcode.ts): the row judges them. R first
      // runs the folder's .Rprofile, code the line does not show: only with none there (known absent) is it read.
      if (name === 'julia' || name === 'r' || name === 'rscript') {
        const code = /^--?[a-z]+=/.test(v) ? v.slice(v.indexOf('=') + 1) : ws[i + 1]?.value;
        const profileAbsent = name === 'julia' || (s.cwd !== null && ctx.env.exists?.(`${s.cwd}/.Rprofile`) === false);
        if (profileAbsent && typeof code === 'string' && judgeCallCode(name === 'julia' ? 'julia' : 'r', code)?.why === undefined) continue;
      }
      return `${ws[0].text} ${v.split(/[=:]/)[0]} runs code given inline, which the guard does not read`;
    }
    if (v.startsWith('-')) {
      if (mode.run?.test(v)) runAt = i;
      continue;
    }
    if (firstVerb === undefined) {
      firstVerb = v;
      if (mode.evalVerb?.test(v)) return `${ws[0].text} ${v} evaluates code the guard does not read`;
      if (mode.run?.test(v)) runAt = i;
    }
  }
  const stdin = s.stdin.kind !== 'none';
  if (runAt >= 0) {
    // The source run: the next word that is not an option (for java --source N, the word after the version).
    let j = runAt + 1;
    if (/^--source$/.test(ws[runAt].value ?? '')) j++;
    while (j < ws.length && ws[j].value !== null && ws[j].value!.startsWith('-') && ws[j].value !== '-') j++;
    const src = ws[j];
    if (src === undefined) {
      if (stdin) return `${ws[0].text} ${ws[runAt].text} runs a program read from the input`;
    } else if (src.value === null || stdinLike(src)) return `${ws[0].text} ${ws[runAt].text} ${src.text} runs a program the guard cannot read`;
    else if (outside(src.value, ctx))
      return `${ws[0].text} ${ws[runAt].text} ${src.text} runs a program from outside the workspace that no one on the project has seen`;
  }
  for (let i = 1; i < ws.length; i++) if (stdinLike(ws[i]) && ws[i].value !== '-') return `${ws[0].text} ${ws[i].text} runs a program read from the input`;
  if (mode.stdinProgram && stdin && ws.slice(1).every((w) => w.value !== null && w.value.startsWith('-'))) {
    const text = stdinText({ s } as unknown as Model);
    if (name === 'dc' && typeof text === 'string' && !text.includes('!')) return undefined;
    return `${ws[0].text} runs the program it reads on its input, which the guard does not read`;
  }
  return undefined;
}

export const evalModeRules: Rule[] = [
  {
    id: 'exec.eval-mode',
    tier: 'unknown',
    description:
      'A language toolchain in its run, eval or script mode with code the guard cannot read: inline code (crystal eval, nim --eval, ghc -e, swift -e, julia -e), an encoded program (pwsh -EncodedCommand), a program on the input (tcc -run -, java --source 17 /dev/stdin, cmake -P /dev/stdin, dc with `!`), or a source from outside the workspace.',
    examples: {
      destructive: [
        "dc -e '!rm -rf src'",
        'crystal eval \'FileUtils.rm_rf("src")\'',
        'nim e --eval:\'import os; removeDir("src")\'',
        'tcc -run - <<< \'int main(){return system("rm -rf src");}\'',
        "cmake -P /dev/stdin <<< 'file(REMOVE_RECURSE src)'",
        'pwsh -EncodedCommand UgBlAG0AbwB2AGUA',
        'powershell -enc UgBlAG0A',
        "java --source 17 /dev/stdin <<< 'class A{}'",
        'kotlinc -script /dev/stdin <<< \'java.io.File("src").deleteRecursively()\'',
        'ghc -e \'System.Directory.removeDirectoryRecursive "src"\'',
        "swift -e 'import Foundation'",
        'zig run /tmp/x.zig',
        'tcc -run /tmp/x.c',
      ],
      benign: [
        "dc -e '2 3 + p'",
        "echo '2 3 + p' | dc",
        'java -version',
        'javac src/A.java',
        'cmake -S . -B build',
        'ghc -o /tmp/x src/Main.hs',
        'swift build',
        'zig build',
        'crystal build src/x.cr -o /tmp/x',
        'tcc -c src/x.c -o /tmp/x.o',
        'pwsh -File scripts/build.ps1',
        'nim c src/x.nim',
      ],
    },
    concerns: { name: (n) => modeOf(n) !== undefined },
    check: (s, ctx) => evalModeCheck(s, ctx),
  },
];
