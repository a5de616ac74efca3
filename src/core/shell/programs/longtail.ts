// Everyday tools of the long-tail ecosystems (Haskell, OCaml, Nim, Crystal, Lua, R, Swift, C build generators,
// notebooks, Terraform docs): linters and formatters read (or, when told, rewrite) their arguments; build and
// package tools build the project, so what they run is the project's own code, decided by its task files (the
// `runs` files here, and taskfiles.ts: an uncommitted or line-written one makes the run asked). Everything these
// rows do not list stays not modelled (asked): code given inline in a language the guard does not read, options
// that run a command or load code from outside the workspace, pass-through runners (`opam exec`, `stack exec`).
import { INTO, applyRoles, handler, installSource } from './model';
import type { RowSpec } from './spec';

/** jupytext's formats (`--to py:percent`, `--to md`, `--to .jl`) and the extension of the file each writes. */
const JUPYTEXT_EXT: Record<string, string> = {
  py: '.py',
  python: '.py',
  md: '.md',
  markdown: '.md',
  myst: '.md',
  rmd: '.Rmd',
  r: '.R',
  jl: '.jl',
  julia: '.jl',
  ipynb: '.ipynb',
  notebook: '.ipynb',
  qmd: '.qmd',
  quarto: '.qmd',
  sh: '.sh',
  js: '.js',
  ts: '.ts',
  scala: '.scala',
  cpp: '.cpp',
  q: '.q',
  ps1: '.ps1',
  rs: '.rs',
  go: '.go',
  lua: '.lua',
};

/**
 * jupytext converts notebooks and text files: `--to FMT` writes the input's name with the format's extension
 * beside it (`notebooks/x.ipynb` → `notebooks/x.py`), `-o` the file it names (`-` prints). --sync, --set-formats
 * and --update-metadata write paired files the line does not name, and --execute runs the notebook's code: not
 * modelled (asked). --pipe and --check commands are judged as commands (S).
 */
handler('jupytext', (m) => {
  applyRoles(m);
  if (m.has('paired')) return m.unknown(`${m.label} writes the paired files its notebooks name, which the line does not show`);
  if (m.has('exec')) return m.unknown(`${m.label} --execute runs the notebook’s code cells, which the guard does not read`);
  if (m.occ('-o') !== undefined) return;
  const to = m.occ('--to');
  if (to === undefined) return m.unknown(`${m.label} without --to or -o: where it writes is not modelled`);
  const fmt = typeof to.value === 'string' ? to.value.split(':')[0].replace(/^\./, '').toLowerCase() : undefined;
  const ext = fmt !== undefined ? JUPYTEXT_EXT[fmt] : undefined;
  if (ext === undefined) return m.unknown(`${m.label} --to ${to.value ?? '(only known at run time)'}: a format the guard does not model`);
  for (const w of m.p.positional) {
    const v = w.value;
    if (v === null || w.glob) {
      m.unknown(`${m.label} converts files only known at run time`);
      continue;
    }
    const slash = v.lastIndexOf('/');
    const dot = v.lastIndexOf('.');
    m.add('write', undefined, (dot > slash ? v.slice(0, dot) : v) + ext, `${m.label} --to ${to.value}`);
  }
});

/** Tools nbqa runs on notebooks (as `python -m TOOL`): the ones that rewrite what they are given, and the ones that read it. */
const NBQA_FIXERS = new Set(['black', 'isort', 'autopep8', 'yapf', 'pyupgrade', 'autoflake', 'docformatter', 'blacken-docs', 'mdformat', 'ruff-format']);
const NBQA_READERS = new Set(['flake8', 'pylint', 'mypy', 'pydocstyle', 'pycodestyle', 'pyflakes', 'pyright', 'bandit', 'vulture', 'doctest']);

/**
 * nbqa runs a Python tool on the code cells of notebooks (`nbqa black nb.ipynb`, `nbqa flake8 .`): the paths after
 * the tool are notebooks or folders of them (with --nbqa-md, Markdown too); a fixer writes its changes back into
 * them (unless --nbqa-diff), a checker reads them. ruff fixes with --fix and in `ruff format`. The tool's own options
 * follow; a value among them that may name a path is named. A tool the guard does not know is not modelled.
 */
handler('nbqa', (m) => {
  const ws = m.s.words.slice(m.from);
  const head = ws[0];
  if (head === undefined) return;
  if (head.value === null) return m.unknown(`${m.label} runs a tool only known at run time`);
  const [tool, ...sub] = head.value.split(/\s+/);
  let i = 1;
  const verbs = [...sub];
  while (tool === 'ruff' && verbs.length === 0 && i < ws.length && (ws[i].value === 'check' || ws[i].value === 'format')) verbs.push(ws[i++].value!);
  const rest = ws.slice(i);
  const vals = rest.map((w) => w.value);
  const dry = vals.includes('--nbqa-diff');
  let fixes: boolean;
  if (tool === 'ruff') fixes = verbs[0] === 'format' ? !vals.some((v) => v === '--check' || v === '--diff') : vals.some((v) => v === '--fix');
  else if (NBQA_FIXERS.has(tool)) fixes = !vals.some((v) => v === '--check' || v === '--diff' || v === '--check-only');
  else if (NBQA_READERS.has(tool)) fixes = false;
  else return m.unknown(`${m.label} ${head.text} runs ${tool}, a tool the guard does not model on notebooks`);
  const names = vals.includes('--nbqa-md') ? ['*.ipynb', '*.md'] : ['*.ipynb'];
  const role = fixes && !dry ? 'Y' : 'T';
  let paths = true;
  for (let k = 0; k < rest.length; k++) {
    const w = rest[k];
    const v = w.value;
    if (v === null) {
      m.unknown(`${m.label} is given ${w.text}, only known at run time`);
      continue;
    }
    if (v.startsWith('-')) {
      paths = false;
      // --nbqa-files/--nbqa-exclude are patterns; a tool option's value may name a file (`--config x.toml`).
      const eq = v.indexOf('=');
      if (eq > 0 && !/^--nbqa-/.test(v)) m.name(undefined, v.slice(eq + 1), `${m.label} ${v.slice(0, eq)}`);
      continue;
    }
    if (paths) m.path(role, w, v, `${m.label} ${tool}`, 0, names);
    else if (!/^--nbqa-(files|exclude)$/.test(vals[k - 1] ?? '')) m.name(w, v, `${m.label} ${tool} (an option's value)`);
  }
});

/**
 * `opam install NAME`, `nimble install NAME`, `luarocks install URL`: a package named from the registry or a URL
 * is code nobody on the project has seen, and installing it runs its build: asked. The project's own folder
 * (`opam install . --deps-only`, `nimble install` alone) and its rockspec are the project's code (I: a path
 * outside the workspace is judged as a program run).
 */
handler('project-install', (m) => {
  applyRoles(m);
  // `opam pin add NAME TARGET`: the first word names the pin.
  for (const w of m.p.positional.slice(m.row.pos[0]?.role === 'V' ? 1 : 0)) {
    const v = w.value;
    if (v === null) {
      m.unknown(`${m.label} installs a package only known at run time`);
      continue;
    }
    if (installSource(w, v) === undefined || /^[a-z][\w+.-]*:/i.test(v))
      m.unknown(`${m.label} ${v}: installs a package from a registry or URL (its build and install code runs unseen)`);
  }
});

/**
 * hpack writes the package's .cabal file from its package.yaml, beside it: `hpack` (the current folder), `hpack
 * DIR`, `hpack DIR/package.yaml`; `-` prints it instead. It reads that package.yaml and writes one `*.cabal` in
 * that folder (named after the package: judged as any .cabal file there), nothing else; it runs no code. It
 * does not replace a .cabal file edited by hand unless told to (--force: asked, hand edits are lost).
 */
handler('hpack', (m) => {
  applyRoles(m);
  // Without --force hpack refuses to replace a .cabal file edited by hand; with it, the hand edits are lost.
  if (m.has('force')) return m.unknown(`${m.label} --force replaces a .cabal file even where it was edited by hand`);
  const ps = m.p.positional;
  if (ps.length > 1) return m.unknown(`${m.label} with more than one argument is not modelled`);
  const w = ps[0];
  if (w !== undefined && w.value === '-') return m.add('read', undefined, 'package.yaml', m.label);
  if (w !== undefined && (w.value === null || w.glob)) return m.unknown(`${m.label} works on a package only known at run time`);
  const v = w?.value ?? '.';
  const isFile = /\.ya?ml$/.test(v);
  const dir = isFile ? (v.includes('/') ? v.slice(0, v.lastIndexOf('/')) || '/' : '.') : v;
  m.add('read', undefined, isFile ? v : `${dir}/package.yaml`, m.label);
  m.add('write', undefined, dir, `${m.label} (writes the package’s .cabal file)`, INTO, ['*.cabal']);
});

export const LONGTAIL: RowSpec[] = [
  {
    n: 'hpack',
    d: 'writes the package’s .cabal file from its package.yaml',
    o: '-f|--force:force --silent --canonical --hash --no-hash --version --numeric-version -h|--help',
    a: '?*',
    x: 'hpack',
    ok: ['hpack', 'hpack .', 'hpack package.yaml', 'hpack -'],
    eff: ['hpack tests => write tests', 'hpack tests/package.yaml => read tests/package.yaml'],
  },
  {
    n: 'hlint',
    ext: '*.hs *.lhs .hlint.yaml',
    d: 'Haskell linter (--refactor rewrites the files through the refactor program)',
    loose: true,
    o: '--refactor:fix --with-refactor=X --refactor-options=V -h|--hint=R --report[=W] -j|--threads[=V] -X=V --cpp-define=V --cpp-include=V --datadir=X -g|--git --json --cc --no-summary -s|--serialise',
    a: 'T*/fix=Y',
    x: 'formatter',
    ok: ['hlint app', 'hlint src --json', 'hlint .'],
    eff: ['hlint --refactor tests/A.hs => write tests/A.hs', 'hlint --with-refactor=/tmp/r --refactor app => read /tmp/r'],
  },
  {
    n: 'ormolu fourmolu',
    ext: '*.hs *.hs-boot',
    d: 'Haskell formatters (-i or --mode inplace rewrites; check and stdout modes read: judged as rewrites, the wider effect)',
    loose: true,
    o: '-i -m|--mode=V -c|--check-idempotence -o|--ghc-opt=V -e|--stdin-input-file=V -u|--unsafe --no-cabal --cabal-default-extensions -t|--source-type=V -p|--package=V',
    a: 'Y*',
    x: 'formatter',
    ok: ['ormolu --mode check app/Main.hs', 'fourmolu -i app/Main.hs', 'fourmolu --mode inplace src'],
    eff: ['fourmolu -i tests/A.hs => write tests/A.hs', 'ormolu --mode check .github/x.hs => write .github/x.hs'],
  },
  {
    n: 'ocamlformat',
    d: 'OCaml formatter (-i rewrites; --check and the default print or read)',
    loose: true,
    o: '-i|--inplace:fix -o|--output=W --check --enable-outside-detected-project --name=V --root=V --print-config -p|--profile=V',
    a: 'R*/fix=A',
    ok: ['ocamlformat --check ocaml/bin/main.ml', 'ocamlformat -i ocaml/bin/main.ml'],
    eff: ['ocamlformat -i tests/a.ml => write tests/a.ml', 'ocamlformat x.ml -o tests/a.ml => write tests/a.ml'],
  },
  {
    n: 'swiftlint',
    ext: '*.swift .swiftlint.yml',
    d: 'Swift linter (--fix and autocorrect rewrite the files)',
    loose: true,
    o: '--fix:fix --autocorrect:fix --config=R --path=T --strict --lenient --quiet --reporter=V --output=W --cache-path=W --no-cache --use-script-input-files --force-exclude --enable-all-rules --progress',
    sub: {
      'lint analyze': { n: '', d: 'lints the files (the folder by default)', a: 'T*/fix=Y', x: 'formatter' },
      autocorrect: { n: 'autocorrect', d: 'rewrites the files', a: 'Y*', x: 'formatter' },
      'rules version reporters generate-docs': { n: '', d: 'information', a: 'V*' },
      '': { n: '', d: 'swiftlint alone lints the folder (its .swift files; --fix rewrites them)', a: 'T?/fix=Y', x: 'formatter' },
      '*': { n: '', d: 'lints the files named (lint is the default verb)', a: 'T*/fix=Y', x: 'formatter' },
    },
    ok: ['swiftlint', 'swiftlint lint --strict', 'swiftlint rules', 'swiftlint --quiet'],
    eff: [
      'swiftlint --fix tests => write tests',
      'swiftlint lint --output tests/a.txt => write tests/a.txt',
      'swiftlint --fix --path tests => write tests',
      'swiftlint --fix => write .',
    ],
  },
  {
    n: 'swift-format',
    ext: '*.swift .swift-format',
    d: 'Swift formatter (format -i rewrites; lint and format alone read)',
    loose: true,
    o: '-i|--in-place:fix -r|--recursive -p|--parallel --configuration=R --strict --ignore-unparsable-files --color-diagnostics --no-color-diagnostics',
    sub: {
      lint: { n: 'lint', d: 'lints the files', a: 'T*' },
      format: { n: 'format', d: 'prints the formatted files (-i rewrites them)', a: 'T*/fix=Y', x: 'formatter' },
      'dump-configuration': { n: '', d: 'prints the default configuration', a: '' },
    },
    ok: ['swift-format lint -r swift/Sources', 'swift-format format swift/Sources/App/main.swift'],
    eff: ['swift-format format -i tests/a.swift => write tests/a.swift'],
  },
  {
    n: 'opam',
    d: 'OCaml packages (install and pin build what the project’s opam files say; exec, config and repository are not modelled)',
    loose: true,
    runs: ['opam', '*.opam'],
    // A folder or archive given to install, pin or switch create is a package whose build commands run (I).
    sub: {
      'install reinstall build': { n: '', d: 'installs the project’s packages (a local folder’s opam file is its build)', a: 'I*', x: 'project-install' },
      pin: {
        n: 'pin',
        d: 'pins packages',
        sub: {
          'list ls': { n: '', d: 'lists pins', a: '' },
          'add edit': { n: '', d: 'pins a package to a folder (the project’s own, or code nobody has seen)', a: 'V I', x: 'project-install' },
        },
      },
      switch: {
        n: 'switch',
        d: 'switches (create, remove, set and link are not modelled)',
        sub: { 'list show': { n: '', d: 'lists switches', a: '' }, '': { n: '', d: 'lists switches', a: '' } },
      },
      'list show info search lint help update': { n: '', d: 'information and the package index', a: 'V*' },
      '': { n: '', d: 'opam alone', a: '' },
    },
    ok: ['opam install . --deps-only -y', 'opam list', 'opam switch list', 'opam update', 'opam show dune', 'opam pin add app .'],
    eff: ['opam pin add app /tmp/x => read /tmp/x', 'opam install ../other => read ../other'],
  },
  {
    n: 'nimble',
    d: 'Nim packages and tasks (the .nimble file, NimScript, decides what runs)',
    loose: true,
    verb: true,
    runs: ['*.nimble', 'config.nims'],
    sub: {
      install: { n: 'install', d: 'installs the project’s dependencies (a local folder is built: its .nimble runs)', a: 'I*', x: 'project-install' },
      'search list refresh path dump tasks deps check': { n: '', d: 'information', a: 'V*' },
      '': { n: '', d: 'nimble alone', a: '' },
      'build test c cc js doc': { n: '', d: 'builds or tests the project (its .nimble file and sources are project code)', a: 'I*' },
    },
    ok: ['nimble build', 'nimble test', 'nimble install -y', 'nimble tasks'],
    eff: ['nimble build /tmp/pkg => read /tmp/pkg'],
  },
  {
    n: 'shards',
    d: 'Crystal dependencies (shard.yml decides what is fetched and built; postinstall scripts run)',
    loose: true,
    verb: true,
    runs: ['shard.yml'],
    sub: {
      'install update build check lock outdated prune list version': { n: '', d: 'dependencies and builds', a: '?*' },
      '': { n: '', d: 'shards alone installs', a: '' },
    },
    ok: ['shards install', 'shards build', 'shards check'],
  },
  {
    n: 'luarocks',
    d: 'Lua packages (make, build and test run what the rockspec says; config is not modelled)',
    loose: true,
    verb: true,
    runs: ['*.rockspec', '.busted'],
    sub: {
      'make build test pack install': {
        n: '',
        d: 'builds, tests or installs the project’s rockspec (a registry name or URL is asked)',
        a: 'I*',
        x: 'project-install',
      },
      'list show search path which doc lint remove': { n: '', d: 'information', a: 'V*' },
      '': { n: '', d: 'luarocks alone', a: '' },
    },
    ok: ['luarocks make lua/app-0.1-1.rockspec', 'luarocks test', 'luarocks list'],
    eff: ['luarocks make /tmp/x.rockspec => read /tmp/x.rockspec'],
  },
  {
    n: 'busted',
    d: 'Lua test runner (spec files and .busted are project code; a helper, module path or interpreter from elsewhere is not)',
    loose: true,
    lang: 'lua',
    runs: ['.busted'],
    o: '--helper=X -o|--output=X --lua=X -C|--directory=C -f|--config-file=X -r|--run=V -p|--pattern=P --exclude-pattern=P -t|--tags=V --exclude-tags=V -m|--lpath=X --cpath=X -e|--execute=K --loaders=V -c|--coverage -v|--verbose --shuffle --seed=V -R|--recursive -l|--list --repeat=V',
    a: 'R*',
    ok: ['busted', 'busted spec', 'busted -o TAP spec'],
    eff: ['busted --helper /tmp/h.lua => read /tmp/h.lua', 'busted --lpath /tmp/x.lua spec => read /tmp/x.lua'],
  },
  {
    n: 'r',
    d: 'R: R CMD check, build and INSTALL run the package’s own code; other R CMD tools and R itself are not modelled',
    loose: true,
    runs: ['.Rprofile'],
    sub: {
      CMD: {
        n: 'CMD',
        d: 'R CMD tools',
        sub: {
          'check build INSTALL Rd2pdf Rdconv': { n: '', d: 'checks, builds or installs a package folder (a folder outside is code nobody has seen)', a: 'I*' },
        },
      },
    },
    ok: ['R CMD check R', 'R CMD build R', 'R CMD check --as-cran app_1.0.tar.gz'],
    eff: ['R CMD INSTALL /tmp/pkg => read /tmp/pkg'],
  },
  {
    n: 'xmake',
    d: 'xmake (xmake.lua, Lua, decides what runs; install, run and lua are not modelled)',
    loose: true,
    verb: true,
    runs: ['xmake.lua'],
    o: '-P|--project=C -F|--file=X',
    sub: {
      'build b clean c config f check show project': { n: '', d: 'builds the project', a: 'V*' },
      '': { n: '', d: 'xmake alone builds', a: '' },
    },
    ok: ['xmake build', 'xmake', 'xmake f -m release'],
    eff: ['xmake build -F /tmp/x.lua => read /tmp/x.lua'],
  },
  {
    n: 'premake5 premake4 premake',
    d: 'premake (premake5.lua, Lua, decides what is generated)',
    loose: true,
    runs: ['premake5.lua', 'premake4.lua'],
    o: '--file=X --scripts=X --os=V --cc=V --dotnet=V',
    a: 'V*',
    ok: ['premake5 gmake2', 'premake5 vs2022'],
    eff: ['premake5 --file=/tmp/p.lua gmake2 => read /tmp/p.lua'],
  },
  {
    n: 'devbox',
    d: 'devbox packages (run, shell and services run devbox.json’s scripts and hooks: not modelled here)',
    loose: true,
    runs: ['devbox.json'],
    sub: {
      'install add rm update search info list version': { n: '', d: 'packages of devbox.json', a: 'V*' },
    },
    ok: ['devbox install', 'devbox add jq', 'devbox list'],
  },
  {
    n: 'nbstripout',
    d: 'strips notebook outputs (rewrites the notebooks; --install and --textconv set git filters: not modelled)',
    o: '--dry-run:dry -t|--textconv:dry --keep-output --keep-count --keep-id --drop-empty-cells --drop-tagged-cells=V --extra-keys=V --keep-metadata-keys=V --strip-init-cells --max-size=V --mode=V -s|--status -f|--force',
    a: 'Y*/dry=R',
    ok: ['nbstripout notebooks/explore.ipynb', 'nbstripout --dry-run notebooks/explore.ipynb'],
    eff: ['nbstripout tests/a.ipynb => write tests/a.ipynb'],
  },
  {
    n: 'terraform-docs',
    ext: '*.tf *.md .terraform-docs.yml .terraform.lock.hcl',
    d: 'Terraform module docs (reads the .tf files; its config may inject the docs into the module’s README)',
    loose: true,
    o: '-c|--config=R --output-file=W --output-mode=V --recursive --recursive-path=V --sort-by=V --hide=V --show=V --read-comments --lockfile',
    sub: {
      'markdown md asciidoc adoc json yaml xml toml pretty tfvars': { n: '', d: 'prints or injects the docs of a module folder', a: '?* Y', x: 'formatter' },
      'version completion': { n: '', d: 'information', a: 'V*' },
    },
    ok: ['terraform-docs markdown infra/terraform', 'terraform-docs markdown table infra/terraform'],
    eff: ['terraform-docs markdown tests => write tests', 'terraform-docs json infra --output-file tests/a.md => write tests/a.md'],
  },
  {
    n: 'nbqa',
    d: 'runs a Python formatter or checker on notebooks (fixers write back into them)',
    loose: true,
    a: '',
    x: 'nbqa',
    ok: ['nbqa black notebooks/explore.ipynb', 'nbqa flake8 .', 'nbqa black notebooks --nbqa-diff'],
    eff: ['nbqa black tests/a.ipynb => write tests/a.ipynb', 'nbqa flake8 .env => read .env'],
  },
  {
    n: 'jupytext',
    d: 'converts notebooks to and from text files (--to writes a sibling file, -o the named one)',
    o: '--to=V -o|--output=W --from=V --format-options=V --opt=V -q|--quiet -w|--warn-only --update -s|--sync:paired --set-formats=V:paired --update-metadata=V:paired -p|--paired-paths --execute:exec --run-path=C --set-kernel=V -k=V --pipe=S --check=S --pipe-fmt=V --diff -d --show-changes --pre-commit-mode --use-source-timestamp --test --test-strict -x|--stop',
    a: 'R*',
    x: 'jupytext',
    ok: ['jupytext --to py notebooks/explore.ipynb', 'jupytext --to md -o - notebooks/explore.ipynb', 'jupytext --to notebook notebooks/explore.py'],
    eff: [
      'jupytext --to py tests/a.ipynb => write tests/a.py',
      'jupytext --to py:percent tests/a.ipynb => write tests/a.py',
      'jupytext x.ipynb -o tests/a.py => write tests/a.py',
      'jupytext --pipe "rm -rf tests" x.ipynb => delete tests',
    ],
  },
];
