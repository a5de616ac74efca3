// Task files: the files a build, task, environment or deploy tool loads as its own definition and RUNS as code or
// commands when it starts (a CMakeLists.txt, mix.exs, flake.nix, dune, Procfile, project.json, cdk.json,
// release.config.js…). Threat: the agent writes one (an allowed write: a new file, or a session's earlier call) and
// then runs the tool (`cat > CMakeLists.txt …` then `cmake -B build`): what it planted runs unseen, `file(REMOVE_RECURSE
// src)` included. Two sides use this catalogue: exec.plant-runs-later asks about a change of an existing one (and the
// analyzer asks when a tool is run whose task file is not committed as it is, or was written on the line).
// Pure: names and patterns only; the analyzer supplies the file system.

const JS_EXT = /\.(?:[cm]?[jt]s)$/;

/**
 * Base names of task files, by ecosystem (exact names; patterns below). A change of an existing one plants code
 * the tool runs at its next start.
 */
export const TASK_FILE_NAMES: ReadonlySet<string> = new Set([
  // process managers and task runners
  'Procfile',
  'Procfile.dev',
  'Makefile.toml',
  'Taskfile.yml',
  'Taskfile.yaml',
  'Taskfile.py',
  'Tiltfile',
  'Earthfile',
  'Jakefile',
  'Jakefile.js',
  'Cakefile',
  'Thorfile',
  'Snakefile',
  'MLproject',
  'SConstruct',
  'SConscript',
  'wscript',
  'build.xml',
  // JavaScript monorepo and app tools whose JSON holds commands
  'project.json',
  'nx.json',
  'workspace.json',
  'angular.json',
  'nodemon.json',
  'cdk.json',
  'devbox.json',
  'bunfig.toml',
  '.releaserc',
  '.releaserc.json',
  '.releaserc.yaml',
  '.releaserc.yml',
  '.size-limit.json',
  'knip.json',
  'knip.jsonc',
  'typedoc.json',
  // C, C++ and friends
  'CMakeLists.txt',
  'CMakePresets.json',
  'CMakeUserPresets.json',
  'meson.build',
  'meson_options.txt',
  'meson.options',
  'conanfile.py',
  'conanfile.txt',
  'BUILD',
  'BUILD.bazel',
  'WORKSPACE',
  'WORKSPACE.bazel',
  'MODULE.bazel',
  '.bazelrc',
  'build.zig',
  'build.zig.zon',
  // BEAM, Dart, Swift, Apple
  'mix.exs',
  'rebar.config',
  'rebar.config.script',
  'Package.swift',
  'Podfile',
  'Brewfile',
  'Fastfile',
  'Dangerfile',
  'Vagrantfile',
  // Nix and Guix
  'flake.nix',
  'shell.nix',
  'default.nix',
  'devenv.nix',
  'guix.scm',
  'manifest.scm',
  // Haskell, OCaml, Nim, Crystal
  'Setup.hs',
  'stack.yaml',
  'cabal.project',
  'cabal.project.local',
  '.ghci',
  'dune',
  'dune-project',
  'dune-workspace',
  '.ocamlinit',
  'config.nims',
  'nim.cfg',
  'shard.yml',
  'xmake.lua',
  'premake5.lua',
  'premake4.lua',
  '.busted',
  // JVM
  'project.clj',
  'profiles.clj',
  'deps.edn',
  'bb.edn',
  'build.sbt',
  'build.sc',
  'build.mill',
  'gradle.properties',
  // Python, Go, Julia, R
  'pixi.toml',
  'hatch.toml',
  'alembic.ini',
  'magefile.go',
  '.air.toml',
  '.Rprofile',
  // data and infrastructure pipelines, release tools
  'dvc.yaml',
  'Pulumi.yaml',
  'Pulumi.yml',
  'skaffold.yaml',
  '.goreleaser.yaml',
  '.goreleaser.yml',
  'cog.toml',
  // .NET
  'Directory.Build.props',
  'Directory.Build.targets',
  'Directory.Packages.props',
  'nuget.config',
  'NuGet.Config',
]);

/**
 * Task files by pattern on the path (absolute or relative, `/`-separated): a JavaScript tool's config
 * (`*.config.js`, `.*rc.cjs`), CMake modules, Nix expressions, Gradle scripts, MSBuild projects, rake files, Nim
 * scripts, sbt's build folder, alembic's env.py, storybook's main.
 */
const TASK_FILE_PATTERNS: readonly RegExp[] = [
  // vite.config.ts, gatsby-config.js, karma.conf.js, truffle-config.js (an app's own `src/app/app.config.ts` is source)
  /^(?!(?:.*\/)?src\/)(?:.*\/)?[\w.-]+[.-]conf(?:ig)?\.[cm]?[jt]s$/,
  /(?:^|\/)\.[\w.-]+rc\.[cm]?[jt]s$/, // .eslintrc.js, .mocharc.cjs
  /(?:^|\/)(?:typedoc|\.size-limit|\.eleventy|gulpfile|Gulpfile|Gruntfile|gruntfile|\.pnpmfile)\.[cm]?[jt]s$/,
  /(?:^|\/)\.storybook\/(?:main|preview)\.[cm]?[jt]sx?$/,
  /\.cmake$/,
  /\.nix$/,
  /\.gradle(?:\.kts)?$/,
  /\.(?:cs|fs|vb)proj$|\.props$|\.targets$/,
  /(?:^|\/)rakelib\/[^/]+\.rake$|\.rake$/,
  /\.nims$|\.nimble$/,
  /\.cabal$|\.opam$/,
  /\.rockspec$/,
  /(?:^|\/)project\/[^/]+\.(?:sbt|scala)$/,
  /(?:^|\/)(?:alembic|migrations)\/env\.py$/,
  /(?:^|\/)fastlane\/(?:Fastfile|Appfile|Pluginfile)$/,
  /(?:^|\/)Pulumi\.[\w-]+\.ya?ml$/,
  /(?:^|\/)magefiles\/[^/]+\.go$/,
  /(?:^|\/)config\/[^/]+\.exs$/,
  // IDE run configurations (JetBrains, Fleet): the commands a person's Run button starts.
  /(?:^|\/)\.idea\/(?:runConfigurations\/[^/]+\.xml|workspace\.xml)$|(?:^|\/)\.run\/[^/]+\.run\.xml$|(?:^|\/)\.fleet\/run\.json$/,
];

/** Is `p` (a path; only its shape is looked at) a file a build or task tool loads and runs as its own definition? */
export function isTaskFile(p: string): boolean {
  const name = p.slice(p.lastIndexOf('/') + 1);
  return TASK_FILE_NAMES.has(name) || TASK_FILE_PATTERNS.some((r) => r.test(p));
}

/** Where a tool finds its task files, relative to the sub-command's cwd. */
export interface TaskSearch {
  /** Base names (or a pattern on the base name) looked for in each folder of `dirs`. */
  names: readonly string[];
  match?: RegExp;
  /** Folders (as written) searched: the cwd by default, a `-S dir`, `--package-path dir`, a path given. */
  dirs: string[];
  /** Folders whose whole tree is searched for `match` (dune files, nx project.json, CMakeLists.txt of subfolders). */
  trees?: string[];
  /** Also the folders above each of `dirs`, within the workspace (a tool that finds its project root upward). */
  up?: boolean;
  /** The project's program the tool runs without naming it (Pulumi's index.js): judged as code run by name. */
  programs?: readonly string[];
  /** Definitions named on the line (`nix-shell x.nix`, `nix develop ./sub#dev`): task files wherever they are. */
  named?: string[];
}

interface ToolSpec {
  names: string[];
  match?: RegExp;
  /** Verbs that load the task files (the first non-option word); undefined: any invocation. */
  verbs?: RegExp;
  /** Global options take values (`nix --option NAME VALUE run …`): the verb may be any bare word, not the first. */
  optValues?: boolean;
  /** Options naming the project folder (their value is a folder to search instead of the cwd). */
  dirOpts?: RegExp;
  /** The whole tree under the project folder is searched for `match`. */
  tree?: boolean;
  up?: boolean;
  /** Positional files (`nim c nim/app.nim`) whose folders are searched too. */
  fileArgs?: RegExp;
  programs?: string[];
  /** The first positional word is the project folder (`sphinx-build docs out`). */
  srcArg?: boolean;
  /** Positional words that name the definition itself (a .nix file, a flake reference `dir#attr`, a .scm file). */
  defArgs?: RegExp;
}

/** A Nix definition named on the line: a .nix file, a folder, a flake reference (`./x#dev`, `path:/tmp/x`, `/tmp/x#y`). */
const NIX_DEF = /\.nix$|^(?:path:|git\+file:)?[.~/]|^[\w.-]+\/|#/;
const PROCFILE: ToolSpec = { names: ['Procfile', 'Procfile.dev', '.foreman'], verbs: /^(start|run|check|local)$/, dirOpts: /^(-d|--root)$/ };
const NX: ToolSpec = { names: ['nx.json', 'workspace.json', 'angular.json', 'project.json'], match: /^project\.json$/, tree: true, up: true };
const GRADLE: ToolSpec = {
  names: ['settings.gradle', 'settings.gradle.kts', 'build.gradle', 'build.gradle.kts', 'init.gradle', 'init.gradle.kts', 'gradle.properties'],
  match: /\.gradle(?:\.kts)?$/,
  up: true,
};
const MAVEN: ToolSpec = { names: ['pom.xml', '.mvn/extensions.xml', '.mvn/maven.config', '.mvn/jvm.config'], up: true };
const JS_APP = (...bases: string[]): ToolSpec => ({ names: bases.flatMap((b) => ['js', 'cjs', 'mjs', 'ts', 'cts', 'mts'].map((e) => `${b}.${e}`)), up: true });

/**
 * Tools and the task files they load and run at start. Tools already read by toolconfigs.ts (prettier, vite,
 * jest, eslint…), make, npm scripts and mise are judged there by what the files hold.
 */
/** The files Compose reads by default, overrides included. */
export const COMPOSE_FILES: string[] = [
  'compose.yaml',
  'compose.yml',
  'compose.override.yaml',
  'compose.override.yml',
  'docker-compose.yml',
  'docker-compose.yaml',
  'docker-compose.override.yml',
  'docker-compose.override.yaml',
];

const TOOLS: Record<string, ToolSpec> = {
  // Build files in languages the guard does not read: Gradle's Groovy/Kotlin scripts (settings, init scripts named
  // with -I or -b), Maven's pom (a plugin bound to a phase runs commands), Bundler's Gemfile and rake's tasks (Ruby),
  // `go run`'s package sources. A committed one is the project's own; one the agent wrote is code nobody judged.
  gradle: GRADLE,
  gradlew: GRADLE,
  mvn: MAVEN,
  mvnw: MAVEN,
  // Every verb but the ones that only read or set Bundler's settings evaluates the Gemfile (Ruby code).
  bundle: { names: ['Gemfile', 'gems.rb', '.bundle/config'], verbs: /^(?!(?:config|help|version|env)$)/, up: true },
  // (The Rakefile itself is read and judged by what it runs: analyze.ts CODE_RECIPES; rakelib/*.rake is not.)
  rake: { names: [], match: /\.rake$/, tree: true, up: true },
  go: { names: ['go.mod', 'go.work'], match: /\.go$/, verbs: /^run$/, defArgs: /^\.{1,2}(?:\/|$)|\.go$/ },
  foreman: PROCFILE,
  honcho: PROCFILE,
  forego: PROCFILE,
  overmind: PROCFILE,
  hivemind: { names: ['Procfile', 'Procfile.dev'] },
  heroku: { ...PROCFILE, verbs: /^local$/ },
  nx: NX,
  ng: { names: ['angular.json', 'nx.json', 'project.json'], up: true },
  lerna: { names: ['lerna.json', 'nx.json'], up: true },
  bun: { names: ['bunfig.toml'], up: true },
  devbox: { names: ['devbox.json'], verbs: /^(run|shell|services)$/, up: true },
  pixi: { names: ['pixi.toml', 'pyproject.toml'], verbs: /^(run|shell|task|exec|install)$/, dirOpts: /^--manifest-path$/, up: true },
  pdm: { names: ['pyproject.toml', '.pdm.toml'], verbs: /^(run|install|sync|build)$/, up: true },
  hatch: { names: ['hatch.toml', 'pyproject.toml'], verbs: /^(run|test|shell|build|env|fmt)$/, up: true },
  rye: { names: ['pyproject.toml'], verbs: /^(run|sync|test|build)$/, up: true },
  mage: { names: ['magefile.go'], match: /\.go$/, dirOpts: /^-d$/ },
  lein: { names: ['project.clj', 'profiles.clj'] },
  clojure: { names: ['deps.edn'] },
  clj: { names: ['deps.edn'] },
  bb: { names: ['bb.edn'] },
  vagrant: { names: ['Vagrantfile'], up: true },
  pod: { names: ['Podfile'], verbs: /^(install|update|outdated|deintegrate)$/, dirOpts: /^--project-directory$/ },
  brew: { names: ['Brewfile'], verbs: /^bundle$/ },
  fastlane: { names: ['fastlane/Fastfile', 'Fastfile', 'fastlane/Appfile'] },
  danger: { names: ['Dangerfile', 'Dangerfile.js', 'dangerfile.js', 'dangerfile.ts'] },
  thor: { names: ['Thorfile'] },
  earthly: { names: ['Earthfile'] },
  tilt: { names: ['Tiltfile'], verbs: /^(up|ci|down)$/ },
  skaffold: { names: ['skaffold.yaml'], verbs: /^(build|run|dev|deploy|test|render)$/ },
  alembic: { names: ['alembic.ini', 'alembic/env.py', 'migrations/env.py'] },
  dune: { names: ['dune-project', 'dune-workspace'], match: /^(dune|dune-project|dune-workspace)$/, tree: true, up: true, dirOpts: /^--root$/ },
  zig: { names: ['build.zig', 'build.zig.zon'], verbs: /^build$/, dirOpts: /^--build-file$/, up: true },
  swift: { names: ['Package.swift'], verbs: /^(build|test|run|package)$/, dirOpts: /^--package-path$/, up: true },
  cmake: { names: ['CMakeLists.txt', 'CMakePresets.json', 'CMakeUserPresets.json'], match: /^CMakeLists\.txt$|\.cmake$/, tree: true, dirOpts: /^-S$/ },
  meson: {
    names: ['meson.build', 'meson_options.txt', 'meson.options'],
    match: /^meson\.build$/,
    tree: true,
    verbs: /^(setup|configure|compile|test|install|dist|devenv)$/,
  },
  nim: { names: ['config.nims', 'nim.cfg'], match: /\.nims$/, fileArgs: /\.nim$/ },
  nimble: { names: ['config.nims'], match: /\.nimble$|\.nims$/ },
  crystal: { names: ['shard.yml'] },
  shards: { names: ['shard.yml'] },
  rebar3: { names: ['rebar.config', 'rebar.config.script'], up: true },
  mix: { names: ['mix.exs', 'config/config.exs', 'config/dev.exs', 'config/test.exs', 'config/runtime.exs'], up: true },
  iex: { names: ['.iex.exs', 'mix.exs'] },
  ghci: { names: ['.ghci'] },
  cabal: { names: ['Setup.hs', 'cabal.project', 'cabal.project.local'], match: /\.cabal$/ },
  stack: { names: ['stack.yaml', 'Setup.hs', '.ghci'], match: /\.cabal$/, up: true },
  ocaml: { names: ['.ocamlinit'] },
  utop: { names: ['.ocamlinit'] },
  R: { names: ['.Rprofile'] },
  Rscript: { names: ['.Rprofile'] },
  // Names arrive lowercased (`R`, `Rscript` run as `r`, `rscript`); the long-tail tools of programs/longtail.ts.
  r: { names: ['.Rprofile'] },
  rscript: { names: ['.Rprofile'] },
  julia: { names: ['test/runtests.jl', 'deps/build.jl'], dirOpts: /^--project$/ },
  opam: { names: ['opam'], match: /\.opam$/, verbs: /^(install|reinstall|pin|build)$/ },
  luarocks: { names: ['.busted'], match: /\.rockspec$/, verbs: /^(make|build|test|pack)$/, fileArgs: /\.rockspec$/ },
  busted: { names: ['.busted'] },
  xmake: { names: ['xmake.lua'], match: /^xmake\.lua$/, tree: true },
  premake5: { names: ['premake5.lua'] },
  premake4: { names: ['premake4.lua'] },
  'nix-shell': { names: ['shell.nix', 'default.nix'], defArgs: NIX_DEF },
  'nix-build': { names: ['default.nix'], defArgs: NIX_DEF },
  'nix-env': { names: [], defArgs: NIX_DEF },
  nix: {
    names: ['flake.nix', 'shell.nix', 'default.nix'],
    match: /\.nix$/,
    verbs: /^(develop|run|shell|print-dev-env|build|repl)$/,
    optValues: true,
    defArgs: NIX_DEF,
  },
  guix: { names: ['guix.scm', 'manifest.scm'], verbs: /^(shell|repl|build|environment)$/, defArgs: /\.scm$|\// },
  devenv: { names: ['devenv.nix', 'devenv.yaml'], verbs: /^(shell|up|test|tasks)$/ },
  sbt: { names: ['build.sbt'], match: /\.(sbt|scala)$/ },
  mill: { names: ['build.sc', 'build.mill'] },
  dvc: { names: ['dvc.yaml'], verbs: /^(repro|exp)$/ },
  air: { names: ['.air.toml'] },
  nodemon: { names: ['nodemon.json'] },
  cdk: { names: ['cdk.json'], up: true },
  pulumi: {
    names: ['Pulumi.yaml', 'Pulumi.yml'],
    match: /^Pulumi\.[\w-]+\.ya?ml$/,
    verbs: /^(up|preview|refresh|destroy|update|watch)$/,
    dirOpts: /^(-C|--cwd)$/,
    programs: ['index.js', 'index.ts', '__main__.py', 'main.py'],
  },
  'semantic-release': { names: ['.releaserc', '.releaserc.json', '.releaserc.yaml', '.releaserc.yml', ...JS_APP('release.config', '.releaserc').names] },
  'size-limit': { names: ['.size-limit.json', ...JS_APP('.size-limit').names] },
  knip: { names: ['knip.json', 'knip.jsonc', '.knip.json', ...JS_APP('knip.config', 'knip').names] },
  typedoc: { names: ['typedoc.json', ...JS_APP('typedoc', 'typedoc.config').names] },
  gatsby: JS_APP('gatsby-config', 'gatsby-node'),
  'vue-cli-service': JS_APP('vue.config'),
  docusaurus: JS_APP('docusaurus.config'),
  eleventy: JS_APP('.eleventy', 'eleventy.config'),
  hardhat: JS_APP('hardhat.config'),
  truffle: JS_APP('truffle-config', 'truffle'),
  nightwatch: JS_APP('nightwatch.conf', 'nightwatch.config'),
  'electron-builder': { names: ['electron-builder.json', 'electron-builder.yml', ...JS_APP('electron-builder.config').names] },
  'electron-forge': JS_APP('forge.config'),
  'react-native': JS_APP('metro.config', 'react-native.config'),
  expo: JS_APP('app.config', 'metro.config'),
  quasar: JS_APP('quasar.config', 'quasar.conf'),
  jake: { names: ['Jakefile', 'Jakefile.js'] },
  cake: { names: ['Cakefile'] },
  snakemake: { names: ['Snakefile', 'workflow/Snakefile'] },
  mlflow: { names: ['MLproject'], verbs: /^run$/ },
  conan: { names: ['conanfile.py', 'conanfile.txt'], verbs: /^(install|build|create|export|source|test)$/ },
  goreleaser: { names: ['.goreleaser.yaml', '.goreleaser.yml', 'goreleaser.yaml', 'goreleaser.yml'] },
  cog: { names: ['cog.toml'], verbs: /^bump$/ },
  ant: { names: ['build.xml'] },
  composer: { names: ['composer.json'], verbs: /^(run|run-script|test|install|update|dump-autoload|exec|[a-z][\w:-]*)$/ },
  // deno.json's tasks, and its `imports`/`importMap`/`scopes`, which decide what a bare import runs (run, test…).
  deno: { names: ['deno.json', 'deno.jsonc'], verbs: /^(task|run|test|bench|serve|eval|repl|jupyter)$/, up: true },
  // Data configs that name code or commands the tool runs: a changelog module, mkdocs hooks, Sphinx's conf.py (in
  // the source folder given first), sqlfluff's library_path macros, markdownlint's custom rules, ts-node's
  // `require`, Netlify's and Vercel's build commands.
  changeset: { names: ['.changeset/config.json'], up: true },
  mkdocs: { names: ['mkdocs.yml', 'mkdocs.yaml'], verbs: /^(build|serve|gh-deploy)$/, dirOpts: /^(-f|--config-file)$/ },
  'sphinx-build': { names: ['conf.py'], srcArg: true, dirOpts: /^-c$/ },
  'sphinx-autobuild': { names: ['conf.py'], srcArg: true, dirOpts: /^-c$/ },
  sqlfluff: { names: ['.sqlfluff'], up: true },
  'markdownlint-cli2': { names: ['.markdownlint-cli2.jsonc', '.markdownlint-cli2.yaml', '.markdownlint-cli2.cjs', '.markdownlint-cli2.mjs'] },
  'ts-node': { names: ['tsconfig.json'], up: true },
  // PHP-CS-Fixer's config is PHP code it runs before fixing (check, fix, --dry-run alike).
  'php-cs-fixer': { names: ['.php-cs-fixer.php', '.php-cs-fixer.dist.php', '.php_cs', '.php_cs.dist'], verbs: /^(fix|check)$/ },
  netlify: { names: ['netlify.toml'], verbs: /^(build|dev|deploy|serve)$/, up: true },
  vercel: { names: ['vercel.json'], up: true },
  // Compose (`docker compose up`, `docker-compose run`): the services' commands, mounts and privileges.
  'docker-compose': {
    names: COMPOSE_FILES,
    verbs: /^(up|run|create|start|restart|watch)$/,
    optValues: true,
    dirOpts: /^--project-directory$/,
    defArgs: /\.ya?ml$/,
  },
  'podman-compose': { names: COMPOSE_FILES, verbs: /^(up|run|create|start|restart)$/, optValues: true, defArgs: /\.ya?ml$/ },
};

/** `docker compose` and `podman compose`: Compose, under the container tool's name. */
const CONTAINER_TOOLS = /^(docker|podman)$/;

/** Package managers that run a package's binary (`npx knip`, `pnpm exec typedoc`, `bunx gatsby build`, `yarn nx test`). */
const RUNNERS = /^(npx|pnpx|bunx|yarn|pnpm|bun)$/;

/**
 * The task files the tool of a sub-command (argv: its words after unwrapping, program first; `name` its
 * normalized name) loads and runs as its own definition, or undefined. `known`: whether another reader judges
 * this tool's configs (toolconfigs.ts), so they are left to it.
 */
export function taskSearch(name: string, argv: readonly string[], known: (tool: string) => boolean): TaskSearch | undefined {
  let tool = name;
  let args = argv.slice(1);
  if (RUNNERS.test(name)) {
    let i = 0;
    while (i < args.length && args[i].startsWith('-')) i++;
    if (/^(exec|dlx|x|run)$/.test(args[i] ?? '')) i++;
    while (i < args.length && args[i].startsWith('-')) i++;
    const t = (args[i] ?? '').replace(/^.*\//, '').replace(/(.)@[^@/]*$/, '$1');
    const inner = t.startsWith('@') ? '' : t;
    if (inner && inner !== name && (TOOLS[inner] !== undefined || inner === 'cdk' || inner === 'nodemon')) {
      tool = inner;
      args = args.slice(i + 1);
    } else if (name === 'bun') {
      // bun itself (`bun test`, `bun run x`, `bun x.ts`) preloads what bunfig.toml names.
      return search(TOOLS.bun, args);
    } else return undefined;
  }
  if (CONTAINER_TOOLS.test(name)) {
    if (args[0] !== 'compose') return undefined;
    tool = `${name}-compose`;
    args = args.slice(1);
  }
  if (known(tool)) return undefined;
  const spec = TOOLS[tool];
  return spec ? search(spec, args) : undefined;
}

function search(spec: ToolSpec, args: readonly string[]): TaskSearch | undefined {
  if (spec.verbs) {
    const end = args.indexOf('--');
    const bare = args.slice(0, end < 0 ? args.length : end).filter((w) => !w.startsWith('-'));
    // A global option's values may stand before the verb (`nix --option k v run /tmp/x`): any bare word may be it.
    if (bare.length === 0 || !(spec.optValues ? bare.some((w) => spec.verbs!.test(w)) : spec.verbs.test(bare[0]))) return undefined;
  }
  const dirs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (!spec.dirOpts) break;
    const eq = w.indexOf('=');
    if (eq > 0 && spec.dirOpts.test(w.slice(0, eq))) dirs.push(w.slice(eq + 1));
    else if (spec.dirOpts.test(w) && args[i + 1] !== undefined) dirs.push(args[++i]);
    else if (/^-S./.test(w) && spec.dirOpts.test('-S')) dirs.push(w.slice(2));
  }
  // `--build-file x/build.zig`, `mage -d x`, `nim c nim/app.nim`: a file names its folder.
  const folder = (d: string) => (d.includes('/') ? d.slice(0, d.lastIndexOf('/')) || '/' : '.');
  const ds = dirs.map((d) => (/\.(zig|go)$/.test(d) ? folder(d) : d));
  const src = spec.srcArg ? args.find((w) => !w.startsWith('-')) : undefined;
  const where = ds.length ? ds : src !== undefined ? [src] : ['.'];
  if (spec.fileArgs) for (const w of args) if (!w.startsWith('-') && spec.fileArgs.test(w) && !where.includes(folder(w))) where.push(folder(w));
  // A definition named on the line: its path (a flake reference's `#attr` and `path:` cut off).
  const named: string[] = [];
  if (spec.defArgs)
    for (let i = 0; i < args.length; i++) {
      const w = args[i];
      if (w === '--' || /^(-c|--command|--run)$/.test(w)) break;
      if (/^(-f|--file|-I|--include|--arg|--argstr|-A|--attr|-E|--expr|-m|--manifest|-l|--load)$/.test(w)) {
        if (/^(-f|--file|-m|--manifest|-l|--load)$/.test(w) && args[i + 1] !== undefined) named.push(args[i + 1]);
        // An expression's file paths (`-E 'import /tmp/x.nix'`) are definitions it loads.
        if (/^(-E|--expr)$/.test(w)) for (const m of (args[i + 1] ?? '').matchAll(/(?:^|[\s(=])((?:\/|~\/|\.\.?\/)[\w./+-]+)/g)) named.push(m[1]);
        i += /^(--arg|--argstr)$/.test(w) ? 2 : 1;
        continue;
      }
      if (w.startsWith('-') || !spec.defArgs.test(w) || /^(github|gitlab|sourcehut|nixpkgs|flake|https?):/.test(w)) continue;
      named.push(w.replace(/^(?:path:|git\+file:)/, '').replace(/#.*$/, '') || '.');
    }
  return { names: spec.names, match: spec.match, dirs: where, trees: spec.tree ? where : undefined, up: spec.up, programs: spec.programs, named };
}

/** Whether a sub-command by this name can have task files (a cheap filter before the words are gathered). */
export function taskFilesConcern(name: string): boolean {
  return TOOLS[name] !== undefined || RUNNERS.test(name) || CONTAINER_TOOLS.test(name);
}

/** Is the file JavaScript (judged as code the line shows when written on it)? */
export function isJsTaskFile(p: string): boolean {
  return JS_EXT.test(p);
}

// ---- What a task file's text becomes when its tool loads it (a write of one judged as the code it will be) ----

/** Whole text is shell (direnv's .envrc, a shell script). */
const SHELL_TEXT = /(?:^|\/)\.envrc$|\.(?:sh|bash)$/;
/** Makefiles, make fragments and justfiles: the indented recipe lines under a target are shell commands. */
const RECIPE_TEXT = /(?:^|\/)(?:GNUmakefile|[Mm]akefile|\.?[Jj]ustfile)$|\.mk$/;
/** Procfiles: each `name: command` line is a command the process manager starts. */
const PROCFILE_TEXT = /(?:^|\/)Procfile(?:\.[\w-]+)?$/;
/** Earthfiles: `RUN command` lines (a LOCALLY target runs them on the host). */
const RUN_LINES = /(?:^|\/)Earthfile$/;
/** A whole literal that is a URL (a scheme, `://`, no space). */
const URL_ONLY = /^[A-Za-z][\w+.-]*:\/\/\S*$/;
/** A quoted literal (single or double quotes, or backticks: Ruby, Perl and PHP run those as a shell command; one line). */
const LITERAL = /(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
/** Two or more literals in one list or call (`["rm", "-rf", "src"]`, `run_command('rm','-rf','src')`, `(sh "rm" "-rf" "x")`): one argv. */
const LITERAL_GROUP = /(?:(['"])(?:\\.|(?!\1)[^\\\n])*\1[\s,[\]]*){2,}/g;
/** YAML keys whose plain (unquoted) value is a command line (`cmd: rm -rf src`, `command: make`, `run: …`). */
const YAML_COMMAND = /^\s*(?:-\s+)?(?:cmds?|commands?|entrypoint|run|script|shell|exec|app|[\w-]*(?:_cmd|Cmd|hook|hooks))\s*:\s+([^'"\s#[{|>][^#\n]*)$/gm;
/** YAML list items given plain (`- rm -rf src` under `hooks:` or `cmds:`). */
const YAML_ITEM = /^\s*-\s+([^'"\s#[{:|>][^#:\n]*)$/gm;
/** Build languages' argv forms written without quotes: CMake `COMMAND rm -rf x`, dune `(run rm -rf x)` / `(bash "…")`. */
const UNQUOTED_ARGV = /\bCOMMAND\s+([^)\n]+?)(?=\s+(?:[A-Z_]{3,})\b|\s*\)|\n)|\((?:run|system|bash)\s+([^()\n]+)\)/g;

/**
 * Calls that delete files or run programs, in the languages task files are written in (CMake, Meson, Zig, Swift,
 * Elixir, Erlang, Clojure, Scala/Mill, Go, Nim, OCaml, R, Julia, JavaScript, Python, Ruby). A literal argv is
 * judged as the command it is (plantedCode's commands); these are what cannot be judged that way.
 */
const PLANT_DANGER: readonly [RegExp, string][] = [
  // A compose service that mounts the host's root, the home folder or the Docker socket, or runs privileged or in
  // the host's namespaces: what `docker run -v /:/host`, `--privileged`, `--pid=host` would be asked for.
  [
    /^\s*(?:-\s*)?["']?(?:\/|~\/?|\$\{?HOME\}?\/?|\/home\/[^/:\s]*\/?|\/root\/?|\/var\/run\/docker\.sock|\/run\/docker\.sock|\/etc\/?):|\b(?:source|device)\s*:\s*["']?(?:\/|~\/?|\$\{?HOME\}?\/?|\/var\/run\/docker\.sock)["']?\s*$|\[\s*["'](?:\/|~\/?|\$\{?HOME\}?\/?|\/var\/run\/docker\.sock):/m,
    'mounts the host root, the home folder or the Docker socket into a container (compose volumes)',
  ],
  [
    /^\s*privileged\s*:\s*["']?true\b|^\s*(?:pid|network_mode|ipc|userns_mode)\s*:\s*["']?host\b|^\s*cap_add\s*:[\s\S]{0,80}\b(?:ALL|SYS_ADMIN)\b/m,
    'runs a container privileged or in the host namespaces (compose)',
  ],
  [/\bfile\s*\(\s*(?:REMOVE|REMOVE_RECURSE|DOWNLOAD)\b/, 'CMake file(REMOVE…/DOWNLOAD)'],
  [/\b(?:deleteTree|deleteFile|deleteDir)\s*\(/, 'deletes files (deleteTree)'],
  [/\bremoveItem\s*\(/, 'deletes files (FileManager.removeItem)'],
  [/\b(?:File\.rm(?:_rf|dir)?!?|rm_rf!?|rm_r!?)\s*\(/, 'deletes files (rm_rf)'],
  [/\bos\.RemoveAll\s*\(|\bos\.remove\.all\s*\(|\bos\.remove\s*\(/, 'deletes files (RemoveAll)'],
  [/\b(?:removeDir|removeFile|rmDir|rmFile)\b/, 'deletes files (removeDir)'],
  [/\bSys\.(?:remove|rmdir|command)\b|\bUnix\.(?:unlink|rmdir|system|execvp?|open_process\w*)\b/, 'deletes files or runs a command (Sys.command)'],
  [/\bunlink\s*\(|\bfile\.remove\s*\(/, 'deletes files (unlink)'],
  [/\brm\s*\([\s\S]{0,200}?recursive\s*=\s*true/, 'deletes a directory tree (rm recursive)'],
  [
    /\b(?:shutil\.rmtree|rmtree|remove_tree|rimraf(?:\.sync|Sync)?|fse?\.(?:remove|emptyDir)(?:Sync)?)\s*\(|\b(?:rmSync|rmdirSync|unlinkSync)\s*\(/,
    'deletes files',
  ],
];

/** How a task file's text becomes commands: the command lines it holds, and a call the guard cannot read as one. */
export interface PlantedCode {
  commands: string[];
  why: string | undefined;
}

/**
 * The commands a task file's text (shown on the line that writes it) will run when its tool loads it, by the
 * file's kind: whole shell text (.envrc), recipe lines (Makefile, justfile), `name: command` lines (Procfile),
 * RUN lines (Earthfile), and for every kind the command strings it holds: quoted literals and literal argv
 * groups (JSON `"test": "rm -rf src"`, `run_command('rm','-rf','src')`, `system("…")`), plain YAML command values,
 * CMake/dune argv. A call that deletes or runs what no literal shows (PLANT_DANGER) is `why`.
 */
export function plantedCode(p: string, text: string): PlantedCode {
  const commands: string[] = [];
  if (SHELL_TEXT.test(p)) return { commands: [text], why: undefined };
  if (RECIPE_TEXT.test(p)) {
    for (const m of text.matchAll(/^(?:\t| {2,})[@+-]*\s*(.+)$/gm)) commands.push(m[1]);
    // `target: prereqs ; command` (make's one-line recipe).
    for (const m of text.matchAll(/^[^\s#:=][^:=\n]*::?[^=;\n]*;\s*(.+)$/gm)) commands.push(m[1]);
  } else if (PROCFILE_TEXT.test(p)) {
    for (const m of text.matchAll(/^[\w.-]+\s*:\s*(.+)$/gm)) commands.push(m[1]);
  } else if (RUN_LINES.test(p)) {
    for (const m of text.matchAll(/^\s*RUN\s+(.+)$/gm)) commands.push(m[1]);
  }
  const unq = (t: string) => t.replace(/\\(["'\\])/g, '$1');
  // A literal that is one URL (`source "https://rubygems.org"`, `"repository": "https://…"`) is a value: no shell
  // runs a URL as a program.
  for (const m of text.matchAll(LITERAL)) if (!URL_ONLY.test(m[2])) commands.push(unq(m[2]));
  for (const m of text.matchAll(LITERAL_GROUP)) commands.push([...m[0].matchAll(LITERAL)].map((x) => unq(x[2])).join(' '));
  for (const m of text.matchAll(YAML_COMMAND)) commands.push(m[1].trim());
  for (const m of text.matchAll(YAML_ITEM)) commands.push(m[1].trim());
  for (const m of text.matchAll(UNQUOTED_ARGV)) commands.push((m[1] ?? m[2]).replace(/["']/g, '').trim());
  const d = PLANT_DANGER.find(([re]) => re.test(text));
  return { commands, why: d?.[1] };
}
