// Tools steered to code or configuration nobody reviewed: an environment variable naming a tool's configuration,
// home, wrapper, runner, agent, startup hook or package index set to scratch space, a run-time value or a
// non-default URL; git run in a repository outside the workspace; `go run`/`go install` of code from elsewhere.
// Through `agentguard eval` on a real workspace (its home folder sits under the system temp folder, as in
// throwaway containers: values leading there must still count as the user's own).
import * as fs from 'node:fs';
import { checkEval, type Expect, makeWorkspace } from './workspace';

describe('environment and foreign repositories steering a tool (agentguard eval)', function () {
  this.timeout(120_000);
  let w: { root: string; ws: string; home: string };
  const check = (cases: [string, Expect][]) => checkEval(w, cases);
  before(() => {
    w = makeWorkspace();
  });
  after(() => fs.rmSync(w.root, { recursive: true, force: true }));

  it('asks when a configuration or home variable leads to scratch space or a run-time place', () => {
    check([
      ['HOME=/tmp/evil git status', 'ask'],
      ['XDG_CONFIG_HOME=/dev/shm/c git diff', 'ask'],
      ['export HOME=/tmp/h; git commit -m x', 'ask'],
      ['env HOME=/tmp/h git status', 'ask'],
      ['HOME="$TMPDIR" git status', 'ask'],
      ['export CARGO_HOME=$(mktemp -d); cargo build', 'ask'],
      ['NPM_CONFIG_USERCONFIG=/tmp/.npmrc npm run build', 'ask'],
      ['YARN_YARNPATH=/tmp/yarn.cjs yarn install', 'ask'],
      ['GOMODCACHE=/tmp/mod go build ./...', 'ask'],
      ['JAVA_HOME=/tmp/jdk mvn test', 'ask'],
      ['BUNDLE_GEMFILE=/tmp/Gemfile bundle exec rake', 'ask'],
      ['COMPOSER=/tmp/composer.json composer install', 'ask'],
      // the user's own places and the workspace are the default kind
      ['HOME=$HOME git status', 'allow'],
      ['export HOME="$HOME"; git status', 'allow'],
      ['XDG_CONFIG_HOME=~/.config git log -1', 'allow'],
      ['CARGO_HOME=$HOME/.cargo cargo build', 'allow'],
      ['GOPATH=$HOME/go go build ./...', 'allow'],
      ['BUNDLE_PATH=vendor/bundle bundle install', 'allow'],
      ['JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64 ./gradlew test', 'allow'],
    ]);
  });

  it('asks when a wrapper, runner, linker, agent or startup hook is a program from scratch space', () => {
    check([
      ['RUSTC_WRAPPER=/tmp/w cargo build', 'ask'],
      ['RUSTC=/tmp/rustc cargo build', 'ask'],
      ['CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER=/tmp/r cargo run', 'ask'],
      ["RUSTFLAGS='-C linker=/tmp/ld' cargo build", 'ask'],
      ['GOFLAGS=-toolexec=/tmp/x go build ./...', 'ask'],
      ['GOFLAGS=-exec=/tmp/run go test ./...', 'ask'],
      ['MAVEN_OPTS=-javaagent:/tmp/a.jar mvn test', 'ask'],
      ["MAVEN_ARGS='-s /tmp/settings.xml' mvn install", 'ask'],
      ['DOTNET_STARTUP_HOOKS=/tmp/h.dll dotnet build', 'ask'],
      ['CORECLR_PROFILER_PATH=/tmp/p.so dotnet test', 'ask'],
      ['RUSTC_WRAPPER=sccache cargo build', 'allow'],
      ["RUSTFLAGS='-D warnings' cargo clippy", 'allow'],
      ['GOFLAGS=-mod=mod go build ./...', 'allow'],
      ['export GOFLAGS=-mod=vendor; go build ./...', 'allow'],
      ['MAVEN_OPTS=-Xmx2g mvn -q test', 'allow'],
      ['CARGO_TARGET_DIR=target cargo build', 'allow'],
    ]);
  });

  it('asks when packages come from an index other than the default', () => {
    check([
      ['PIP_INDEX_URL=https://example.com/simple pip install requests', 'ask'],
      ['UV_DEFAULT_INDEX=https://example.com/simple uv sync', 'ask'],
      ['npm_config_registry=http://10.0.0.5:4873 npm ci', 'ask'],
      ['YARN_NPM_REGISTRY_SERVER=https://example.com yarn add left-pad', 'ask'],
      ['GOPROXY=https://example.com go mod download', 'ask'],
      ['CARGO_REGISTRIES_CRATES_IO_INDEX=https://example.com/index cargo update', 'ask'],
      ['PIP_INDEX_URL=https://pypi.org/simple pip install requests', 'allow'],
      ['npm_config_registry=https://registry.npmjs.org/ npm ci', 'allow'],
      ['GOPROXY=direct go mod download', 'allow'],
      ['GOPROXY=https://proxy.golang.org,direct go mod tidy', 'allow'],
      ['PIP_NO_CACHE_DIR=1 pip install -r requirements.txt', 'allow'],
      ['npm_config_loglevel=warn npm ci', 'allow'],
    ]);
  });

  it('asks for git in a repository outside the workspace and go run/install of code from elsewhere', () => {
    check([
      ['git -C /tmp/evilrepo status', 'ask'],
      ['cd /tmp/evilrepo && git status', 'ask'],
      ['pushd /tmp/r && git diff', 'ask'],
      ['git --work-tree=/tmp/w --git-dir=/tmp/w/.git diff', 'ask'],
      ['go run /tmp/clean.go', 'ask'],
      ['go install example.com/x@latest', 'ask'],
      ['git -C src status', 'allow'],
      ['cd src && git diff', 'allow'],
      ['git --version', 'allow'],
      ['git clone https://example.com/x.git /tmp/x', 'allow'],
      ['go run -tags dev /tmp/x.go', 'ask'],
      ['go run ./cmd/app', 'allow'],
      // words after the package are the program's own arguments
      ['go run . user@example.com', 'allow'],
      ['go run ./cmd/app /tmp/input.txt', 'allow'],
      ['go install ./...', 'allow'],
    ]);
  });
});
