// An option of a loosely modelled program whose value is a path outside the workspace: what does it load?
//
// Threat: `code --extensionDevelopmentPath=/tmp/x`, `bazel build --override_repository=x=/tmp/y`,
// `cabal build --with-compiler=/tmp/ghc`, `cmake -DCMAKE_TOOLCHAIN_FILE=/tmp/t.cmake`, `swift build -Xcc -B/tmp/x`,
// `nim c --gcc.exe:/tmp/x`, `waf configure --top=/tmp/x`: a build tool, editor or toolchain given a file or folder
// from scratch space or outside the workspace loads code or configuration from it (a compiler, a toolchain file, a
// repository's BUILD files, an extension) that nobody has seen. The guard cannot list every such option of every
// tool, so the default is the principle: an option the row does not model, whose value is an absolute, home or
// parent path (alone, as `KEY=PATH`, `KEY:PATH`, `file://PATH`, or attached to a short option), is judged as a
// program run of that path (X: the workspace's and the system's own files stay allowed), unless the option's name
// says it is where data goes or comes from (`--output`, `--log-file`, `--disk_cache`, `CMAKE_INSTALL_PREFIX`).

/** Name words that say the value is data: where output, caches, logs and reports go, or a data input. */
const DATA_WORD = new Set(
  'o out output outputs outdir outfile dest destdir destination prefix cache caches log logs logfile tmp temp tmpdir tempdir report reports junit coverage artifact artifacts backup dump history pid pidfile lock lockfile socket bindir libdir datadir sysconfdir localstatedir mandir docdir infodir save results snapshot snapshots body message msg notes data input json csv text title description comment export target coverprofile cpuprofile memprofile blockprofile mutexprofile trace outputdir'.split(
    ' ',
  ),
);

/** Name words that say the value is loaded as code or configuration (these win over a data word). */
const LOAD_WORD = new Set(
  'config conf cfg rc bazelrc plugin plugins init toolchain compiler exe wrapper launcher preload module modules extension extensions hook hooks script scripts override repository registry crosstool loader require setup bootstrap site sysroot interpreter'.split(
    ' ',
  ),
);

function nameWords(name: string): string[] {
  return name
    .replace(/^-+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .split(/[-_.:]+/)
    .filter((x) => x !== '');
}

/** Is the value of an option (or key) of this name data, by its name? */
function namesData(name: string): boolean {
  const ws = nameWords(name);
  return ws.some((w) => DATA_WORD.has(w)) && !ws.some((w) => LOAD_WORD.has(w));
}

const OUTSIDE = /^(?:\/|~\/|\$HOME\/|\.\.\/)/;

/**
 * The outside path an unmodelled option `name` given `value` may load code or configuration from, or undefined
 * (no such path, or the name says data). `KEY=PATH` and `KEY:PATH` values are read with the key's name as well.
 */
export function outsideLoadPath(name: string, value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || namesData(name)) return undefined;
  let v = value;
  for (let depth = 0; depth < 3; depth++) {
    v = v.replace(/^(?:git\+|path:|file:\/\/)+/, '');
    // A short option's attached value handed on to another program (`-Xcc -B/tmp/x`, `-Xlinker -rpath=/tmp`).
    const att = /^-[A-Za-z](?=\/|~\/)(.*)$/.exec(v) ?? /^--?[A-Za-z][\w-]*=(.*)$/.exec(v);
    if (att) v = att[1];
    if (OUTSIDE.test(v)) return /^\/dev\//.test(v) ? undefined : v;
    const kv = /^([A-Za-z_][\w.@+-]*)[=:](.+)$/.exec(v);
    // A URL (`tcp://127.0.0.1:3000`, `https://…`) is an address, not a path (file:// is read above).
    if (kv === null || namesData(kv[1]) || kv[2].startsWith('//')) return undefined;
    v = kv[2];
  }
  return undefined;
}
