// Options whose values a program hands on to another program: the compiler driver's `-Wl,…` (the linker),
// `-Wa,…` (the assembler), `-Wp,…` (the preprocessor), `-Xlinker X`, `-Xassembler X`, `-Xpreprocessor X`,
// clang's `-Xclang X` (its front end), nvcc's `-Xcompiler X,Y` (the host compiler), rustc's `-C link-arg=X`.
// Each value is read by the grammar of the program it is handed to, not the driver's: `gcc -Wl,@.env` makes the
// linker read .env as a file of arguments (and print its lines in its errors), `-Wl,-Map=tests/a.test.ts`
// writes a test, `-Xclang -load -Xclang /tmp/x.so` runs a plugin.
// The reading here is the conservative one: every forwarded word names a path (touched in every way, `@FILE`
// included), an output option's value is written, a plugin or program option's value is run.
import { ccSources, preloadedCode } from './handlers4';
import { INTO, RECURSIVE, applyRoles, derived, handler, type Model } from './model';

/** Forwarding options of compiler drivers: comma lists (`-Wl,a,b`) and one-word values (`-Xlinker a`). */
const COMMA = /^-W([lap]),(.*)$/s;
const NEXT = /^-X(linker|assembler|preprocessor|clang|compiler|ptxas|nvlink|cudafe|fatbinary|host-linker)$|^--(linker|compiler|ptxas|nvlink)-options$/;
const EQ = /^(?:-X(compiler|linker|ptxas|nvlink)|--(linker|compiler|ptxas|nvlink)-options|-Xclang)=(.*)$/s;

/** Options of the receiving programs whose value (attached or the next word) is written. */
const OUT = /^(-o|--output|-Map|--Map|-M[FDT]|--dependency-file|--out-implib|--print-map-file|-a[cdghlmns]*|--MD|-dependency-file|-MF|-MQ)$/;
/** … whose value is code or a program that runs. */
const RUN = /^(--?plugin|-load|-add-plugin|-fplugin|-fpass-plugin|--ld-path|-wrapper)$/;

/** The program each forwarding option hands its words to. */
function target(opt: string): string {
  if (/^-W[l],|^-Xlinker|^-X(nvlink|host-linker)|^--(linker|nvlink)-options/.test(opt)) return 'ld';
  if (/^-Wa,|^-Xassembler|^-Xptxas|^--ptxas-options/.test(opt)) return 'as';
  if (/^-Wp,|^-Xpreprocessor/.test(opt)) return 'cpp';
  if (/^-Xclang/.test(opt)) return 'cc1';
  return opt;
}

/**
 * The words handed to each receiving program, in order: a program's words join across repeated options
 * (`-Xclang -load -Xclang /tmp/x.so` is `-load /tmp/x.so` to clang's front end).
 */
function forwardedWords(m: Model, from: number): { list: string[]; how: string }[] | undefined {
  const ws = m.s.words;
  let out: { list: string[]; how: string }[] | undefined;
  const byTarget = new Map<string, { list: string[]; how: string }>();
  for (let i = from; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    if (v === '--') break;
    let list: string[] | undefined;
    let how = `${m.label} ${v}`;
    const c = COMMA.exec(v);
    const e = c ? null : EQ.exec(v);
    if (c) list = c[2].split(',');
    else if (e) list = e[3].split(',');
    else if (NEXT.test(v)) {
      const n = ws[++i];
      if (n === undefined) break;
      if (n.value === null) {
        m.unknown(`${m.label} ${v} hands ${n.text} to another program, a value only known at run time`);
        continue;
      }
      how = `${m.label} ${v} ${n.value}`;
      // nvcc's options take comma lists; gcc's -Xlinker takes one word as it is.
      list = /^-X(compiler|ptxas|nvlink)$|-options$/.test(v) ? n.value.split(',') : [n.value];
    }
    if (list === undefined) continue;
    const t = target(v);
    const got = byTarget.get(t);
    if (got !== undefined) got.list.push(...list);
    else {
      const entry = { list, how };
      byTarget.set(t, entry);
      (out ??= []).push(entry);
    }
  }
  return out;
}

/** Judge words another program reads: outputs written, plugins run, everything else a possible path (named). */
function judgeForwarded(m: Model, words: readonly string[], how: string): void {
  for (let k = 0; k < words.length; k++) {
    const a = words[k];
    if (a === '') continue;
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(0, eq) : a;
    if (OUT.test(name) || RUN.test(name)) {
      const val = eq > 0 ? a.slice(eq + 1) : words[++k];
      if (val === undefined) continue;
      const first = RUN.test(name) ? val.split(',')[0] : val;
      m.path(RUN.test(name) ? 'X' : 'W', derived(first), first, how);
      continue;
    }
    // A driver's own forwarding inside (nvcc -Xcompiler -Wl,…, rustc -C link-args=-Wl,…): read by the next program.
    const c = COMMA.exec(a);
    if (c) {
      judgeForwarded(m, c[2].split(','), `${how} ${a}`);
      continue;
    }
    // A file of further arguments: named (naming is touching), and what it holds is arguments nobody sees (a
    // plugin, a script), so it counts as code the program runs (from outside the workspace: asked).
    if (a.length > 1 && a[0] === '@') {
      m.name(undefined, a, how);
      m.path('X', derived(a.slice(1)), a.slice(1), `${how} (${a}: a file of arguments)`);
      continue;
    }
    // `-ofile` (ld's attached output), `-Tscript`, `-lfoo`: the rest after a one-letter option may be a path.
    if (/^-o./.test(a)) m.path('W', derived(a.slice(2)), a.slice(2), how);
    else forwardedName(m, a, how);
    if (/^-[TLl]./.test(a)) forwardedName(m, a.slice(2), how);
  }
}

/**
 * A forwarded word the receiving program may take as a path: in the workspace it may be touched in any way (a
 * test named is a test touched); outside it, the linkers' and compilers' inputs and search folders are read
 * (`-rpath /usr/lib`, `-L/opt/x/lib`), and a credential store is refused as any read of it is.
 */
function forwardedName(m: Model, a: string, how: string): void {
  const v = a.indexOf('=') > 0 && a.startsWith('-') ? a.slice(a.indexOf('=') + 1) : a;
  if (v.startsWith('/') || v.startsWith('~')) m.path('R', derived(v), v, how);
  else m.name(undefined, a, how);
}

/**
 * A program's own `@FILE` words (`gcc @x.rsp`, `javac @argfile`, `java @args`): the file is named (the row's
 * roles name it), and what it holds is options nobody sees (`-javaagent:`, `-processorpath`, `-B`, a main class),
 * so it counts as code the program runs as well.
 */
function argFiles(m: Model): void {
  for (const w of m.s.words.slice(m.from))
    if (w.value !== null && w.value.length > 1 && w.value[0] === '@') m.path('X', derived(w.value.slice(1)), w.value.slice(1), `${m.label} ${w.value}`);
}

/** JVM launchers and compilers: their roles, and `@argfile` as arguments (code) nobody sees. */
handler('argfile', (m) => {
  applyRoles(m);
  argFiles(m);
});

/**
 * JVM compilers: `-d`, `-s` and `-h` name the folders class files, generated sources and headers are written
 * into (by package path): files under them are replaced, the folder is not (`javac -d build` keeps build/).
 */
handler('jvmc', (m) => {
  applyRoles(m);
  argFiles(m);
  for (const [key, names] of [
    ['-d', ['*.class']],
    ['-s', ['*.java', '*.kt', '*.scala', '*.groovy']],
    ['-h', ['*.h']],
  ] as const) {
    const o = m.occ(key);
    if (o !== undefined && o.value !== undefined) m.path('W', o.w, o.value, `${m.label} ${key} (its files are written into it)`, RECURSIVE | INTO, [...names]);
  }
  // Code the compiler loads and runs while compiling: annotation processors (-processor, a processor path),
  // compiler plugins (-Xplugin), and options for its own JVM (`-J-javaagent:/tmp/a.jar`).
  for (const w of m.s.words.slice(m.from)) {
    const v = w.value;
    if (v !== null && !/^(-processor(path)?|--processor-(path|module-path)|-Xplugin|-J)(?=[:=]|$|(?<=-J).)/.test(v)) continue;
    m.unknown(`${m.label} ${v ?? w.text} loads code into the compiler (processors, plugins, JVM agents) the guard does not read`);
    break;
  }
});

/** java: options read from `@argfiles`, and agents (`-javaagent:`, `-agentpath:`) loaded before the program. */
handler('java', (m) => {
  applyRoles(m);
  argFiles(m);
  preloadedCode(m, m.s.words);
  // A jar is compiled code the guard cannot read. The project's own build output (build/libs, target, out, dist)
  // and the build wrappers' jars are the project's code; any other jar (`java -jar bfg.jar`, which rewrites history,
  // a tool dropped at the root or in lib/) is a program nobody has reviewed, and so is a history rewriter by name.
  const jar = m.occ('-jar');
  if (jar === undefined) return;
  const v = jar.value;
  if (typeof v !== 'string') return m.unknown(`${m.label} -jar runs a jar only known at run time`);
  const rel = v.replace(/^\.\/+/, '');
  if (/(?:^|\/)bfg[^/]*\.jar$|filter-repo/i.test(rel)) return m.unknown(`${m.label} -jar ${v} rewrites the repository's history`);
  if (
    !/^(?:(?:[\w.-]+\/)*(?:build\/libs|target|out|dist|build)\/[^/]+\.jar|gradle\/wrapper\/gradle-wrapper\.jar|\.mvn\/wrapper\/maven-wrapper\.jar)$/.test(
      rel,
    ) ||
    rel.includes('..')
  )
    m.unknown(`${m.label} -jar ${v}: a jar that is not the project's build output runs code the guard cannot read`);
});

/**
 * `-f…=VALUE` options of gcc and clang whose value is a file or folder they write: profiles (`-fprofile-dir=`,
 * `-fprofile-generate=`), dumps (`-fdump-tree-all=FILE`), optimization records, time traces, module caches.
 */
const F_OUT =
  /^-f(?:profile-dir|profile-generate|profile-instr-generate|cs-profile-generate|dump-[\w-]+|opt-info[\w-]*|optimization-record-file|save-optimization-record|callgraph-info|stack-usage|time-trace-file|crash-diagnostics-dir|modules-cache-path|[\w-]+-(?:dir|file|path|output))=(.+)$/s;

handler('cc', (m) => {
  applyRoles(m);
  argFiles(m);
  ccSources(m);
  for (let i = m.from; i < m.s.words.length; i++) {
    const w = m.s.words[i];
    const f = w.value === null ? null : F_OUT.exec(w.value);
    if (f) m.add('any', undefined, f[1], `${m.label} ${w.value!.slice(0, w.value!.indexOf('='))} (writes there)`);
  }
  // `-wrapper sh,-c,'rm -rf tests'` runs each pass of the driver as `sh -c 'rm -rf tests' cc1 …`: the program and
  // its words (comma-separated) are a command, judged as one.
  for (const o of m.p.occ)
    if (o.opt.key === '-wrapper') {
      if (typeof o.value === 'string') m.host.shell(m.s, o.value.split(',').map(quoted).join(' '), `${m.label} -wrapper`);
      else m.unknown(`${m.label} -wrapper runs a program only known at run time`);
    }
  const fw = forwardedWords(m, m.from);
  if (fw === undefined) return;
  for (const { list, how } of fw) judgeForwarded(m, list, how);
});

/** A word quoted for the shell. */
function quoted(w: string): string {
  return `'${w.replace(/'/g, `'\\''`)}'`;
}

/** rustc `-C linker=X` runs X; `-C link-arg=X`, `-C link-args=…` are the linker's words. */
handler('rustc', (m) => {
  applyRoles(m);
  argFiles(m);
  // `--emit=dep-info=FILE,link=FILE`: each kind may name the file it is written to.
  for (const o of m.p.occ)
    if (o.opt.key === '--emit' && typeof o.value === 'string')
      for (const part of o.value.split(',')) {
        const eq = part.indexOf('=');
        if (eq > 0) m.path('W', undefined, part.slice(eq + 1), `${m.label} --emit ${part.slice(0, eq)}`);
      }
  const ws = m.s.words;
  for (let i = m.from; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    const val = v === '-C' || v === '--codegen' ? ws[++i]?.value : /^-C./.test(v) ? v.slice(2) : /^--codegen=/.test(v) ? v.slice(10) : undefined;
    if (val === undefined) continue;
    if (val === null) {
      m.unknown(`${m.label} -C with a value only known at run time`);
      continue;
    }
    const eq = val.indexOf('=');
    const key = eq > 0 ? val.slice(0, eq) : val;
    const arg = eq > 0 ? val.slice(eq + 1) : '';
    if (key === 'linker' || key === 'linker-plugin-lto' || key === 'llvm-args') {
      if (key === 'linker') m.path('X', derived(arg), arg, `${m.label} -C linker`);
      else m.name(undefined, arg, `${m.label} -C ${key}`);
    } else if (key === 'link-arg') judgeForwarded(m, [arg], `${m.label} -C link-arg`);
    else if (key === 'link-args') judgeForwarded(m, arg.split(/\s+/), `${m.label} -C link-args`);
  }
});

/**
 * Compiler and linker flags handed over in a variable or a tool's option (`CGO_LDFLAGS=-Wl,@.env`, `go build
 * -ldflags=-extldflags=…`, `LDFLAGS`): what in them makes the compiler or linker read a file of arguments, load a
 * plugin, or run another program; undefined when none.
 */
export function riskyFlags(v: string): string | undefined {
  for (const f of v.split(/[\s,]+/)) {
    if (f.length > 1 && f[0] === '@') return `${f} makes the compiler or linker read a file of arguments`;
    if (/^(-B.|-specs=|--specs=|-wrapper|-fplugin=|-fpass-plugin=|--?plugin|-load$|--ld-path=|-fuse-ld=[./~])/.test(f) || /^-B$/.test(f))
      return `${f} makes the compiler or linker run code the guard does not read`;
  }
  return undefined;
}
