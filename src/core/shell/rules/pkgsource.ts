// Where packages come from, across the long tail of package managers: a dependency named by a repository or a
// URL, an option or a variable that switches the index, a mirror or the download host, or a package file installed
// into the system. Each makes the next install (or this one) run code no registry has vetted and nobody on the
// project has seen: setup.py, a build backend, gem extensions, Composer plugins, Mix archives, maintainer scripts.
// A registry name (`uv add httpx`, `composer require monolog/monolog`) and what the lockfile pins stay allowed, as
// `npm install lodash` is: a package's own install code is the accepted price of installing from the registry.
import type { Sub } from '../types';
import type { Rule } from './types';

/** A package spec that is a checkout or a download rather than a registry name (PEP 508 `name @ URL` included). */
export const REMOTE_SPEC =
  /^(git|hg|svn|bzr)\+|^(git|ssh|hg|svn|sftp|ftp|https?):\/\/|^(github|gitlab|bitbucket|gist|sourcehut):|^[\w.-]+@[\w.-]+:[\w./~-]+\.git$|@\s*((git|hg|svn|bzr)\+|(https?|ftp|ssh|git):)/i;

/** Hosts that are the ecosystem's own registry: naming them explicitly changes nothing. */
const DEFAULT_HOST =
  /^https:\/\/(pypi\.org|files\.pythonhosted\.org|rubygems\.org|index\.rubygems\.org|api\.nuget\.org|www\.nuget\.org|repo\.maven\.apache\.org|repo1\.maven\.org|registry\.npmjs\.org|repo\.hex\.pm|hex\.pm|builds\.hex\.pm|pub\.dev|pub\.dartlang\.org|static\.crates\.io|index\.crates\.io|crates\.io|proxy\.golang\.org|packagist\.org|repo\.packagist\.org|conda\.anaconda\.org|repo\.anaconda\.com|hackage\.haskell\.org|nodejs\.org|static\.rust-lang\.org|github\.com\/bazelbuild\/bazel\/releases)(\/|$)/i;

/**
 * Variables naming the mirror, index or download host a tool fetches packages, toolchains or binaries from, beyond
 * the ones analyze.ts names (PIP_INDEX_URL, npm_config_registry, GOPROXY, …): `HEX_MIRROR=https://… mix deps.get`.
 */
export const MIRROR_ENV =
  /^(HEX_MIRROR|HEX_REPO_URL|HEX_CDN|HEX_UNSAFE_REGISTRY|HEX_NO_VERIFY_REPO_ORIGIN|PUB_HOSTED_URL|FLUTTER_STORAGE_BASE_URL|BAZELISK_BASE_URL|BAZELISK_FORMAT_URL|RUSTUP_DIST_SERVER|RUSTUP_UPDATE_ROOT|NVM_NODEJS_ORG_MIRROR|NVM_IOJS_ORG_MIRROR|NODEJS_ORG_MIRROR|NODE_MIRROR|N_NODE_MIRROR|FNM_NODE_DIST_MIRROR|VOLTA_NODE_MIRROR|PYTHON_BUILD_MIRROR_URL|UV_PYTHON_INSTALL_MIRROR|UV_PYPY_INSTALL_MIRROR|UV_INSECURE_HOST|PIP_TRUSTED_HOST|PDM_PYPI_URL|PDM_SOURCES|HATCH_INDEX_URL|RYE_INDEX_URL|PIXI_.*CHANNEL.*|CONDA_CHANNEL_ALIAS|MAMBA_CHANNELS|ELECTRON_MIRROR|ELECTRON_CUSTOM_DIR|ELECTRON_GET_USE_PROXY|SASS_BINARY_SITE|PUPPETEER_DOWNLOAD_BASE_URL|PUPPETEER_DOWNLOAD_HOST|PLAYWRIGHT_DOWNLOAD_HOST|CYPRESS_DOWNLOAD_MIRROR|CHROMEDRIVER_CDNURL|PRISMA_ENGINES_MIRROR|HOMEBREW_BOTTLE_DOMAIN|HOMEBREW_API_DOMAIN|HOMEBREW_ARTIFACT_DOMAIN|HOMEBREW_BREW_GIT_REMOTE|HOMEBREW_CORE_GIT_REMOTE|JULIA_PKG_SERVER|COURSIER_REPOSITORIES|COURSIER_MIRRORS|SDKMAN_CANDIDATES_API|GRADLE_DISTRIBUTION_URL|COMPOSER_REPOSITORIES|COMPOSER_ALLOW_INSECURE|GEM_HOST|RUBYGEMS_HOST|NUGET_SOURCES|OPAMREPOSITORY|DENO_NPM_REGISTRY|JSR_URL|ASDF_PLUGIN_REPOSITORY|MISE_.*_MIRROR|CABAL_REPOSITORY)$/i;

/** Why a mirror variable's value is asked: undefined when it names the ecosystem's own host. */
export function mirrorEnvWhy(k: string, v: string | null): string | undefined {
  if (!MIRROR_ENV.test(k)) return undefined;
  if (v !== null && (v.trim() === '' || DEFAULT_HOST.test(v.trim()))) return undefined;
  return `${k}=${v ?? '…'} makes the tools on the line fetch packages or toolchains from a host nobody has reviewed`;
}

/** Non-option words after index `from` (an option's separate value is skipped when `valued` names it). */
function operands(s: Sub, from: number, valued: RegExp): (string | null)[] {
  const out: (string | null)[] = [];
  const ws = s.words;
  for (let i = from; i < ws.length; i++) {
    const v = ws[i].value;
    if (v !== null && v.startsWith('-')) {
      if (valued.test(v) && !v.includes('=')) i++;
      continue;
    }
    out.push(v);
  }
  return out;
}

/** The value of an option (`--opt V`, `--opt=V`, `-oV` for a one-letter one), the first found; null: run time. */
function optVal(s: Sub, re: RegExp): string | null | undefined {
  const ws = s.words;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    const eq = v.indexOf('=');
    const head = eq > 0 ? v.slice(0, eq) : v;
    if (!re.test(head)) continue;
    return eq > 0 ? v.slice(eq + 1) : (ws[i + 1]?.value ?? null);
  }
  return undefined;
}

/** A source named by a URL or a path that is not the registry. */
function foreign(v: string | null | undefined): boolean {
  if (v === undefined) return false;
  if (v === null) return true;
  return !DEFAULT_HOST.test(v);
}

const PY_PMS = new Set(['uv', 'poetry', 'pdm', 'pipenv', 'hatch', 'rye', 'pixi', 'pipx']);
/** Python project managers' verbs that add or install a package. */
const PY_ADD = /^(add|install|inject|pip|tool|sync|lock|upgrade|reinstall|runpip)$/;
const PY_VALUED =
  /^(-p|--python|--index|--index-url|--extra-index-url|--default-index|-f|--find-links|--group|-G|--optional|--extra|-E|--source|--directory|-C|--project|--with|--from|--spec|--feature|--platform|--manifest-path|-e|--editable|-r|--requirement|-c|--constraint|--branch|--tag|--rev)$/;

function pythonSource(s: Sub): string | undefined {
  const ops = operands(s, 1, PY_VALUED);
  if (!ops.some((o) => o !== null && PY_ADD.test(o))) return undefined;
  const spec = ops.find((o) => o !== null && REMOTE_SPEC.test(o));
  if (spec) return `${s.name} installs ${spec}: a package built from a repository or a URL (its build code runs here)`;
  for (const re of [/^(--with|--from|--spec|-e|--editable)$/, /^--git$/]) {
    const v = optVal(s, re);
    if (v === null || (typeof v === 'string' && REMOTE_SPEC.test(v)))
      return `${s.name} installs ${v ?? 'a package named at run time'} from a repository or a URL`;
  }
  // pixi / pdm / uv: `--git URL`, `--url URL`, `--pypi 'x @ git+…'`.
  const git = optVal(s, /^(--git|--url)$/);
  if (git !== undefined) return `${s.name} ${ops[0]} --git ${git ?? '…'} installs a package built from a repository`;
  const pypi = s.words.find((w) => w.value !== null && REMOTE_SPEC.test(w.value) && w.value.includes(' @'));
  if (pypi) return `${s.name} installs ${pypi.value}: a package built from a URL`;
  return undefined;
}

/** `bundle add x --git URL`, `gem install x --source URL`, `gem sources --add URL`. */
function rubySource(s: Sub): string | undefined {
  const ops = operands(s, 1, /^(--git|--github|--source|-s|--path|--branch|--ref|--version|-v|--group|-g|--glob|--require|-r|--install-dir|-i|--bindir|-n)$/);
  const verb = ops[0];
  if (s.name === 'gem' && verb === 'sources') {
    const v = optVal(s, /^(-a|--add|-s|--source)$/);
    return v !== undefined && foreign(v) ? `gem sources --add ${v ?? '…'} makes every later gem install fetch from it` : undefined;
  }
  if (verb !== 'add' && verb !== 'install' && verb !== 'inject' && verb !== 'update') return undefined;
  const git = optVal(s, /^(--git|--github)$/);
  if (git !== undefined) return `${s.name} ${verb} --git ${git ?? '…'} installs a gem from a repository (its extensions and gemspec run here)`;
  const src = optVal(s, /^(--source|-s|--clear-sources)$/);
  if (src !== undefined && foreign(src)) return `${s.name} ${verb} --source ${src ?? '…'} fetches gems from a source the project does not name`;
  return undefined;
}

/** `dotnet add package X --source URL`, `dotnet tool install --add-source URL`, `dotnet restore -s URL`. */
function dotnetSource(s: Sub): string | undefined {
  const v = optVal(s, /^(-s|--source|--add-source)$/);
  if (v === undefined) return undefined;
  if (v !== null && !/^[a-z][\w+.-]*:\/\//i.test(v) && !v.startsWith('/') && !v.startsWith('..') && !v.startsWith('~')) return undefined; // a feed in the project
  return foreign(v) ? `dotnet --source ${v ?? '…'} installs NuGet packages from a feed the project does not name (their build targets run here)` : undefined;
}

/** `mvn -DremoteRepositories=URL dependency:get`, `-Dmaven.repo.remote=URL`. */
function mavenSource(s: Sub): string | undefined {
  for (const w of s.words) {
    const m = /^-D(remoteRepositories|maven\.repo\.remote|repoUrl|repositoryUrl|pluginRepositories)=(.*)$/.exec(w.value ?? '');
    if (!m) continue;
    const urls = m[2].split(',').map((u) => u.replace(/^[^:]*::(default::)?/, '').replace(/^[\w.-]+::/, ''));
    const bad = urls.find((u) => !DEFAULT_HOST.test(u));
    if (bad !== undefined) return `${s.name} -D${m[1]}=${bad} fetches artifacts (and plugins, which run) from a repository the project does not name`;
  }
  return undefined;
}

/** `mix archive.install github u/r`, `mix archive.install https://…`, `mix escript.install git URL`. */
function mixSource(s: Sub): string | undefined {
  const ops = operands(s, 1, /^(--sha512|--app|--organization)$/);
  const verb = ops[0];
  if (verb !== 'archive.install' && verb !== 'escript.install') return undefined;
  const src = ops[1];
  if (src === undefined || src === 'hex') return undefined; // the project itself, or a package on hex.pm
  if (src === null || /^(git|github)$/.test(src) || REMOTE_SPEC.test(src) || src.startsWith('/') || src.startsWith('..') || src.startsWith('~'))
    return `mix ${verb} ${src ?? '…'} installs code every later mix run loads, from a source nobody has reviewed`;
  return undefined;
}

/** `dart pub global activate --source git URL`, `dart pub add x --git-url URL`, `flutter pub add x --hosted-url URL`. */
function dartSource(s: Sub): string | undefined {
  const ops = operands(s, 1, /^(-s|--source|--git-url|--git-ref|--git-path|--hosted-url|--path|--sdk|--directory|-C)$/);
  const at = ops.indexOf('pub');
  if (at < 0) return undefined;
  const verb = ops[at + 1] === 'global' ? ops[at + 2] : ops[at + 1];
  if (verb !== 'activate' && verb !== 'add' && verb !== 'upgrade') return undefined;
  const src = optVal(s, /^(-s|--source)$/);
  if (src !== undefined && src !== 'hosted') return `pub ${verb} --source ${src ?? '…'} installs a package from a repository or a folder nobody has reviewed`;
  const url = optVal(s, /^(--git-url|--hosted-url)$/);
  if (url !== undefined && foreign(url)) return `pub ${verb} installs a package from ${url ?? '…'}, not pub.dev`;
  const inline = ops.slice(at + 2).find((o) => o === null || /\b(git|hosted|path)["']?\s*:/.test(o));
  if (inline !== undefined) return `pub ${verb} ${inline ?? '…'} names a package by a repository or another host`;
  return undefined;
}

/** `dpkg -i x.deb`, `rpm -Uvh x.rpm`: a package file whose maintainer scripts run as root. */
function systemPackageFile(s: Sub): string | undefined {
  const ws = s.words;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    if (s.name === 'dpkg' && /^(-i|--install|--unpack|-R|--recursive|-[a-zA-Z]*i[a-zA-Z]*)$/.test(v) && !/^-[a-zA-Z]*[lLsSpc]/.test(v))
      return `dpkg ${v} installs a package file into the system: its maintainer scripts run as root, and nobody has seen them`;
    if (s.name === 'rpm' && (/^(--install|--upgrade|--freshen|--reinstall)$/.test(v) || /^-[a-zA-Z]*[iUF][a-zA-Z]*$/.test(v)) && !/^-[a-zA-Z]*q/.test(v))
      return `rpm ${v} installs a package file into the system: its scriptlets run as root, and nobody has seen them`;
  }
  return undefined;
}

/** A package file, not a name from the configured repositories: a path, a file name with a package extension. */
const PACKAGE_FILE = /^[./~]|\.(deb|udeb|rpm|apk|snap|flatpak|flatpakref|pkg\.tar(\.\w+)?|txz|pkg|rb)$/i;

/**
 * `apt install ./x.deb`, `dnf install ./x.rpm`, `yum localinstall x.rpm`, `zypper in ./x.rpm`, `apk add --allow-untrusted
 * x.apk`, `pacman -U x.pkg.tar.zst`, `snap install --dangerous x.snap`, `flatpak install x.flatpak`, `brew install
 * ./x.rb`: the system package managers install a local file as readily as a repository name, and its maintainer
 * scripts (or formula) run, as root for most. A word only known at run time may be such a file.
 */
function systemLocalPackage(s: Sub): string | undefined {
  const n = s.name!;
  const ops = operands(
    s,
    1,
    /^(-o|--option|-c|--config-file|-t|--target-release|--default-release|--root|-r|--repo|--repository|--installroot|--setopt|-C|--channel)$/,
  );
  const verb = ops[0];
  const file = (from: number) => ops.slice(from).find((o) => o === null || PACKAGE_FILE.test(o));
  const says = (o: string | null) =>
    `${n} ${verb ?? ''} ${o ?? '…'} installs a package file, not one from the configured repositories: its install scripts run, and nobody has seen them`;
  if (n === 'pacman') {
    const u = s.words.find((w) => w.value !== null && (/^-[a-zA-Z]*U/.test(w.value) || w.value === '--upgrade'));
    return u ? `pacman ${u.value} installs package files: their install scripts run as root, and nobody has seen them` : undefined;
  }
  if (n === 'gdebi' || n === 'gdebi-core') return ops.length > 0 ? says(ops[0]) : undefined;
  if (n === 'snap' && verb === 'install' && s.words.some((w) => w.value === '--dangerous' || w.value === '--devmode')) return says(ops[1] ?? null);
  if (n === 'apk' && verb === 'add' && s.words.some((w) => w.value === '--allow-untrusted')) return says(ops[1] ?? null);
  if ((n === 'yum' || n === 'dnf' || n === 'microdnf') && (verb === 'localinstall' || verb === 'localupdate')) return says(ops[1] ?? null);
  if (verb === null || verb === undefined || !/^(install|in|reinstall|localinstall|add|upgrade|up|update|full-upgrade|dist-upgrade|shell)$/.test(verb))
    return undefined;
  if (n === 'brew' && !/^(install|reinstall|upgrade)$/.test(verb)) return undefined;
  const f = file(1);
  return f === undefined ? undefined : says(f);
}

/** `pnpm approve-builds --all`, `bun pm trust --all`: every dependency's install scripts are let run from now on. */
function scriptsAllowed(s: Sub): string | undefined {
  const ops = operands(s, 1, /^$/);
  const all = s.words.some((w) => w.value === '--all' || w.value === '-a');
  if (s.name === 'pnpm' && ops[0] === 'approve-builds' && all) return 'pnpm approve-builds --all lets every dependency’s install scripts run';
  if (s.name === 'bun' && ops[0] === 'pm' && ops[1] === 'trust' && all) return 'bun pm trust --all lets every dependency’s install scripts run';
  return undefined;
}

/** `cargo install x --index URL`: crates from another index. */
function cargoSource(s: Sub): string | undefined {
  const v = optVal(s, /^--index$/);
  return v !== undefined && foreign(v) ? `cargo --index ${v ?? '…'} builds crates (build.rs runs) from an index the project does not name` : undefined;
}

/**
 * `composer create-project vendor/x dir`: the package becomes the root project and its own scripts
 * (post-root-package-install, post-create-project-cmd) run at once, as `pnpm dlx x` runs a package's code (asked);
 * `--no-scripts` keeps them from running. `composer require vendor/x` is a registry dependency (allowed).
 */
function composerSource(s: Sub): string | undefined {
  const ops = operands(s, 1, /^(-d|--working-dir|--repository|--repository-url|--stability|-s|--add-repository)$/);
  if (ops[0] !== 'create-project' && ops[0] !== 'create') return undefined;
  if (s.words.some((w) => w.value === '--no-scripts')) return undefined;
  return `composer create-project ${ops[1] ?? ''} runs the new package’s own scripts at once: code nobody on the project has seen`;
}

const BY_NAME: Record<string, (s: Sub) => string | undefined> = {
  bundle: rubySource,
  bundler: rubySource,
  gem: rubySource,
  dotnet: dotnetSource,
  mvn: mavenSource,
  mvnw: mavenSource,
  mix: mixSource,
  dart: dartSource,
  flutter: dartSource,
  fvm: dartSource,
  dpkg: systemPackageFile,
  rpm: systemPackageFile,
  apt: systemLocalPackage,
  'apt-get': systemLocalPackage,
  aptitude: systemLocalPackage,
  yum: systemLocalPackage,
  dnf: systemLocalPackage,
  microdnf: systemLocalPackage,
  zypper: systemLocalPackage,
  apk: systemLocalPackage,
  pacman: systemLocalPackage,
  snap: systemLocalPackage,
  flatpak: systemLocalPackage,
  gdebi: systemLocalPackage,
  'gdebi-core': systemLocalPackage,
  brew: systemLocalPackage,
  pnpm: scriptsAllowed,
  bun: scriptsAllowed,
  cargo: cargoSource,
  composer: composerSource,
};

export const pkgSourceRules: Rule[] = [
  {
    id: 'pkg.unreviewed-source',
    names: [...PY_PMS, ...Object.keys(BY_NAME)],
    description:
      'Installs a dependency from a repository, a URL or a host the project does not name, or a package file into the system: uv/poetry/pdm/pipenv/hatch/rye/pixi add git+URL, bundle add --git, gem install --source URL, dotnet add package --source URL, mvn -DremoteRepositories=URL, mix archive.install github …, dart pub global activate --source git, dpkg -i, rpm -i, pnpm approve-builds --all. Its build and install code runs here; a registry name and what the lockfile pins stay allowed.',
    examples: {
      destructive: [
        'uv add git+https://example.invalid/x',
        'uv pip install "x @ git+https://example.invalid/x"',
        'uv tool install git+https://example.invalid/x',
        'uv tool install --from git+https://example.invalid/x x',
        'poetry add git+https://example.invalid/x.git',
        'pdm add https://example.invalid/x-1.0.tar.gz',
        'pipenv install -e git+https://example.invalid/x.git#egg=x',
        'rye add x --git https://example.invalid/x',
        'pipx install --spec git+https://example.invalid/x x',
        'bundle add x --git https://example.invalid/x',
        'gem install x --source https://example.invalid',
        'gem sources --add https://example.invalid/',
        'dotnet add package X --source https://example.invalid/v3/index.json',
        'mvn dependency:get -DremoteRepositories=https://example.invalid -Dartifact=x:y:1',
        'mix archive.install github someone/x',
        'mix escript.install https://example.invalid/x',
        'dart pub global activate --source git https://example.invalid/x',
        'flutter pub add x --git-url https://example.invalid/x',
        'dpkg -i /tmp/x.deb',
        'rpm -Uvh x.rpm',
        'apt install ./x.deb',
        'apt-get install -y /tmp/pkg.deb',
        'dnf install ./x.rpm',
        'yum localinstall x.rpm',
        'pacman -U x.pkg.tar.zst',
        'pnpm approve-builds --all',
        'bun pm trust --all',
        'cargo install x --index https://example.invalid/index',
        'composer create-project someone/x app',
      ],
      benign: [
        'uv sync',
        'uv add httpx',
        'uv pip install -r requirements.txt',
        'uv tool install ruff',
        'poetry install',
        'poetry add requests@^2.31',
        'pdm add ./packages/core',
        'pipenv install --dev',
        'bundle install',
        'bundle add rails',
        'gem install rake',
        'dotnet add package Newtonsoft.Json',
        'dotnet restore --source https://api.nuget.org/v3/index.json',
        'mvn dependency:get -Dartifact=junit:junit:4.13.2',
        'mix archive.install hex phx_new',
        'mix deps.get',
        'dart pub get',
        'dart pub global activate dhttpd',
        'flutter pub add http',
        'dpkg -l',
        'rpm -qa',
        'apt install curl',
        'apt-get install -y build-essential',
        'dnf install git',
        'apt update',
        'brew install jq',
        'pnpm approve-builds',
        'bun pm trust esbuild',
        'cargo install ripgrep',
        'composer require monolog/monolog',
        'composer create-project laravel/laravel app --no-scripts',
      ],
    },
    check(s) {
      const n = s.name;
      if (n === null) return undefined;
      if (PY_PMS.has(n)) return pythonSource(s);
      return BY_NAME[n]?.(s);
    },
  },
];
