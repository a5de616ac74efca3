// Programs that change the user's machine-wide state without naming a file: user-global and system configuration
// (git config --global, gh config set, helm repo add, docker context create, conda init, pipx ensurepath), and
// installs that put programs on the user's PATH or change the default toolchain (cargo install, rustup default,
// nvm install, pyenv global, brew install, go install x@v, uv tool install, corepack enable). Every later command,
// in every project, runs with what they leave behind; no project history undoes it. Session-only switches
// (`nvm use`, `pyenv shell`), project-local pins (`pyenv local`, `rustup override set`, `mise use` without -g),
// listings and caches (`npx playwright install`: browsers into ~/.cache) stay allowed.
import type { Sub } from '../types';
import type { Rule } from './types';

/** Non-option words after the program (null: only known at run time); values of the listed options are skipped. */
function verbs(s: Sub, valued: RegExp = /^$/, from = 1): (string | null)[] {
  const out: (string | null)[] = [];
  for (let i = from; i < s.words.length; i++) {
    const v = s.words[i].value;
    if (v !== null && v.startsWith('-') && v.length > 1) {
      if (valued.test(v)) i++;
      continue;
    }
    out.push(v);
  }
  return out;
}

function has(s: Sub, re: RegExp): boolean {
  return s.words.some((w, i) => i > 0 && w.value !== null && re.test(w.value));
}

const USER_STATE_NAMES: ReadonlySet<string> = new Set([
  'git',
  'gh',
  'helm',
  'docker',
  'conda',
  'mamba',
  'micromamba',
  'pipx',
  'volta',
  'asdf',
  'mise',
  'rtx',
  'poetry',
  'cargo',
  'rustup',
  'nvm',
  'fnm',
  'pyenv',
  'rbenv',
  'nodenv',
  'sdk',
  'brew',
  'go',
  'gem',
  'uv',
  'deno',
  'bun',
  'corepack',
  'gcloud',
]);

/** git's own options that take a value (`git -C dir config …`). */
const GIT_VALUED = /^(-C|-c|--git-dir|--work-tree|--namespace|--exec-path|--config-env)$/;
/** git config's options that change (not read) the configuration. */
const GIT_CONFIG_WRITE = /^(--unset|--unset-all|--add|--replace-all|--rename-section|--remove-section|-e|--edit)$/;
const GIT_CONFIG_READ = /^(--get|--get-all|--get-regexp|--get-urlmatch|--get-color|--get-colorbool|-l|--list)$/;

function gitConfig(s: Sub): string | undefined {
  const v = verbs(s, GIT_VALUED);
  if (v[0] === 'lfs') {
    // `git lfs install` sets the filter in ~/.gitconfig (and hooks here) unless --local/--worktree keep it to the repository.
    if (/^(install|uninstall)$/.test(v[1] ?? '') && has(s, /^(--system|--force|-f)$/) && !has(s, /^(--local|--worktree|--file)$/))
      return `git lfs ${v[1]} changes the user's global git configuration (~/.gitconfig), read by every repository`;
    return undefined;
  }
  if (v[0] !== 'config') return undefined;
  const scope = s.words.find((w) => w.value !== null && /^(--global|--system)$/.test(w.value))?.value;
  if (!scope) return undefined;
  const at = s.words.findIndex((w) => w.value === 'config');
  const ops = verbs(s, /^(-f|--file|--blob|--type|--default|--comment|--value)$/, at + 1);
  const sub = ops[0];
  const write =
    has(s, GIT_CONFIG_WRITE) ||
    (sub !== undefined && sub !== null && /^(set|unset|rename-section|remove-section|edit)$/.test(sub)) ||
    (!has(s, GIT_CONFIG_READ) && !/^(get|list)$/.test(sub ?? '') && ops.length >= 2);
  return write ? `git config ${scope} changes configuration every repository of this ${scope === '--system' ? 'machine' : 'user'} reads` : undefined;
}

function userState(s: Sub): string | undefined {
  const name = s.name ?? '';
  const v = verbs(s);
  const [a, b] = v;
  const A = a ?? '';
  const B = b ?? '';
  const tool = (what: string) => `${what} installs or switches a tool for the whole user account: its commands join (or replace those on) every project's PATH`;
  const conf = (what: string, where: string) => `${what} changes the user's ${where}, read by every later command in every project`;
  switch (name) {
    case 'git':
      return gitConfig(s);
    case 'gh': {
      const g = verbs(s, /^(-R|--repo|-h|--hostname|-s|--scopes|-p|--git-protocol|-u|--user)$/);
      if (g[0] === 'auth' && /^(login|logout|refresh|switch|setup-git)$/.test(g[1] ?? ''))
        return `gh auth ${g[1]} changes the stored GitHub login${g[1] === 'setup-git' ? ' and makes it git’s credential helper in ~/.gitconfig' : ' or its scopes'}`;
      if (g[0] === 'extension' && /^(install|upgrade|remove)$/.test(g[1] ?? '')) return tool(`gh extension ${g[1]}`);
      return undefined;
    }
    case 'helm':
      if ((A === 'repo' && /^(add|remove|rm)$/.test(B)) || (A === 'plugin' && /^(install|add|uninstall|rm|update|up)$/.test(B)))
        return conf(`helm ${A} ${B}`, 'Helm repositories and plugins (charts and plugin commands every later helm run uses)');
      return undefined;
    case 'docker':
      // `docker context use` is infra.target-switch's.
      if (A === 'context' && /^(create|update|rm|remove|import)$/.test(B))
        return conf(`docker context ${B}`, 'Docker endpoints (where later docker commands go)');
      return undefined;
    case 'conda':
    case 'mamba':
    case 'micromamba':
      if (A === 'init' || (name === 'micromamba' && A === 'shell' && B === 'init')) return conf(`${name} init`, 'shell start-up files');
      return undefined;
    case 'pipx':
      if (A === 'ensurepath') return conf('pipx ensurepath', 'shell start-up files (PATH)');
      return undefined;
    case 'volta':
      if (A === 'setup') return conf('volta setup', 'shell start-up files (PATH)');
      if (/^(install|uninstall)$/.test(A)) return tool(`volta ${A}`);
      return undefined;
    case 'asdf':
      if ((A === 'plugin' && /^(add|update|remove)$/.test(B)) || /^(plugin-add|plugin-update)$/.test(A))
        return conf(`asdf ${A}`, 'asdf plugins (scripts every later asdf call runs)');
      if (A === 'install' || A === 'global' || (A === 'set' && has(s, /^(-u|--home)$/))) return tool(`asdf ${A}`);
      return undefined;
    case 'mise':
    case 'rtx':
      if ((A === 'use' && has(s, /^(-g|--global)$/)) || (A === 'plugins' && /^(install|i|add|update)$/.test(B)) || A === 'self-update')
        return tool(`${name} ${A}${A === 'use' ? ' -g' : ''}`);
      if (A === 'settings' && /^(set|add|unset)$/.test(B)) return conf(`${name} settings ${B}`, 'mise settings');
      return undefined;
    case 'poetry':
      if (A === 'config' && !has(s, /^(--list|--local)$/) && v.length >= 2 && /^(repositories|http-basic|pypi-token|certificates)\./.test(B))
        return conf('poetry config', 'Poetry configuration (repositories, credentials, where virtualenvs go)');
      if (A === 'self' && /^(add|install|update|remove|lock)$/.test(B)) return tool(`poetry self ${B}`);
      return undefined;
    case 'cargo':
      // Registry or git crates land in ~/.cargo/bin; the project's own crate (`--path`) is the project's code.
      if (A === 'login' || A === 'logout') return `cargo ${A} changes the registry token stored in ~/.cargo/credentials.toml`;
      return undefined;
    case 'rustup':
      if (A === 'default' && b !== undefined) return tool('rustup default');
      if ((A === 'toolchain' && /^(install|add|link)$/.test(B)) || A === 'install' || A === 'set' || (A === 'self' && B === 'update'))
        return tool(`rustup ${v.slice(0, 2).join(' ')}`);
      return undefined;
    case 'nvm':
    case 'fnm':
      if (/^(install|alias|unalias|default|reinstall-packages)$/.test(A)) return tool(`${name} ${A}`);
      return undefined;
    case 'pyenv':
    case 'rbenv':
    case 'nodenv':
      if (A === 'global' && b !== undefined) return tool(`${name} global`);
      if (A === 'install') return tool(`${name} install`);
      return undefined;
    case 'sdk':
      if (/^(install|i|default|d|upgrade|ug|selfupdate)$/.test(A)) return tool(`sdk ${A}`);
      return undefined;
    case 'brew':
      if (/^(tap|link|ln|unlink|pin|unpin|bundle)$/.test(A) || (A === 'services' && /^(start|run|restart)$/.test(B))) return tool(`brew ${A}`);
      return undefined;
    case 'go': {
      // `go install pkg@version` fetches and installs a tool into GOBIN (~/go/bin); `go install ./cmd/x` builds the project's own code.
      if (A !== 'install') return undefined;
      const pkgs = v.slice(1);
      if (pkgs.some((p) => p === null || /@/.test(p))) return tool('go install pkg@version');
      return undefined;
    }
    case 'uv':
      if (
        (A === 'tool' && B === 'update-shell') ||
        (A === 'python' && /^(install|pin)$/.test(B) && (B === 'install' || has(s, /^--global$/))) ||
        (A === 'self' && B === 'update')
      )
        return tool(`uv ${A} ${B}`);
      return undefined;
    case 'deno':
    case 'bun':
      if (A === 'upgrade') return tool(`${name} upgrade`);
      return undefined;
    case 'corepack':
      if (A === 'enable' || A === 'disable' || (A === 'install' && has(s, /^(-g|--global)$/)) || (A === 'prepare' && has(s, /^--activate$/)) || A === 'use')
        return tool(`corepack ${A}`);
      return undefined;
    case 'gcloud':
      if (
        (A === 'auth' && /^(login|activate-service-account|revoke|application-default)$/.test(B)) ||
        (A === 'config' && /^(set|unset)$/.test(B)) ||
        (A === 'config' && B === 'configurations')
      )
        return conf(`gcloud ${A} ${B}`, 'gcloud credentials and configuration (~/.config/gcloud)');
      return undefined;
  }
  return undefined;
}

export const userStateRules: Rule[] = [
  {
    id: 'pkg.user-state',
    description:
      'Changes the user’s machine-wide state without naming a file: user-global or system configuration (git config --global/--system, git lfs install --system, gh auth login/refresh/setup-git, helm repo add, docker context create, conda init, pipx ensurepath, poetry config, cargo login) or installs that put programs on the user’s PATH or change the default toolchain (rustup default, nvm install, pyenv global, brew tap, go install pkg@version, corepack enable; installs from the default registries — cargo, gem, brew, pipx, uv tool — stay allowed, as npm install does). Every later command in every project runs with it.',
    examples: {
      destructive: [
        'git config --global user.email x@example.invalid',
        'git config --global commit.gpgsign false',
        'git config --system core.autocrlf true',
        'git config --global --unset user.name',
        'git -C . config --global --add safe.directory "*"',
        'git lfs install --system',
        'gh auth setup-git',
        'gh auth refresh -s delete_repo',
        'gh auth login --with-token < /tmp/t',
        'helm repo add evil https://example.invalid',
        'docker context create x --docker host=tcp://example.invalid:2375',
        'conda init bash',
        'mamba init',
        'pipx ensurepath',
        'volta setup',
        'asdf plugin add x https://example.invalid/x.git',
        'mise use -g node@20',
        'poetry config repositories.evil https://example.invalid',
        'cargo login',
        'rustup default nightly',
        'rustup toolchain install nightly',
        'nvm install 20',
        'nvm alias default 18',
        'fnm default 20',
        'pyenv global 3.12',
        'pyenv install 3.12',
        'sdk install java',
        'brew tap evil/tools',
        'go install golang.org/x/tools/gopls@latest',
        'uv python install 3.12',
        'deno upgrade',
        'bun upgrade',
        'corepack enable',
        'gcloud auth activate-service-account --key-file=/tmp/k.json',
      ],
      benign: [
        'git config user.name Dev',
        'git config --global --get user.name',
        'git config --global user.name',
        'git config --list',
        'git config --global --list',
        'git config --global get user.email',
        'git lfs install --local',
        "git lfs track '*.bin'",
        'gh auth status',
        'gh pr list',
        'gh config get editor',
        'helm repo list',
        'helm template x ./chart',
        'docker context ls',
        'docker context inspect default',
        'conda env list',
        'pipx list',
        'asdf list',
        'mise use node@20',
        'poetry config --list',
        'poetry install',
        'cargo build',
        'cargo install --list',
        'cargo install --path .',
        'rustup show',
        'rustup target add wasm32-unknown-unknown',
        'rustup toolchain list',
        'rustup override set nightly',
        'nvm ls',
        'nvm use 20',
        'pyenv versions',
        'pyenv local 3.12',
        'brew list',
        'brew info jq',
        'go build ./...',
        'go install ./cmd/x',
        'gem install -i vendor/gems rake',
        'uv sync',
        'uv run pytest',
        'npx playwright install',
        'corepack --version',
        'git lfs install',
        'gh config set editor vim',
        'conda config --add channels conda-forge',
        'mise install',
        'poetry config virtualenvs.in-project true',
        'cargo install ripgrep',
        'rustup update',
        'brew install jq',
        'gem install rake',
        'pipx install black',
        'uv tool install ruff',
      ],
    },
    // Checked for every sub-command (not listed by name): listing a name would make it a modelled program.
    concerns: { name: (n) => USER_STATE_NAMES.has(n ?? '') },
    check: (s) => (USER_STATE_NAMES.has(s.name ?? '') ? userState(s) : undefined),
  },
];
