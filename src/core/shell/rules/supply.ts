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
      benign: ['pip install -r requirements.txt', 'pip install -e .', 'pip install requests==2.31.0', 'pip config list', 'pip download -d /tmp/w flask'],
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
];
