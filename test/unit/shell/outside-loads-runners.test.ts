// fresh13 cmd33 (issue #15): code loaded from outside the workspace through options a row does not model, runners
// that run their argument as a command behind a global option or a verb the wrapper table did not list, and SQL
// handed to sqlite3 before its database. `code --extensionDevelopmentPath=/tmp/x`, `bazel build
// --override_repository=x=/tmp/y`, `cabal build --with-compiler=/tmp/ghc`, `swift build -Xcc -B/tmp/x` were inert
// values; `micromamba run -n base rm -rf src`, `meson devenv -C build …`, `stack --silent exec -- …` were opaque
// words; `sqlite3 -cmd 'DROP TABLE x' app.db` read app.db as the SQL.
import { checkEval, makeWorkspace } from './workspace';
import * as fs from 'node:fs';

describe('outside loads, pass-through runners, sqlite3 -cmd', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
  });
  after(() => fs.rmSync(w.root, { recursive: true, force: true }));

  it('an unmodelled option whose value is a path outside the workspace loads code from it', () => {
    checkEval(w, [
      ['code --extensionDevelopmentPath=/tmp/x .', 'not-allow'],
      ['code --extensionDevelopmentPath /tmp/x .', 'not-allow'],
      ['bazel build --override_repository=x=/tmp/y //...', 'not-allow'],
      ['bazel build --override_module=x=/tmp/y //...', 'not-allow'],
      ['bazel build //... --action_env=LD_PRELOAD=/tmp/x.so', 'not-allow'],
      ['bazel build //... --host_crosstool_top=/tmp/x', 'not-allow'],
      ['bazel build --repo_env=CC=/tmp/cc //...', 'not-allow'],
      ['bazel build --registry=file:///tmp/reg //...', 'not-allow'],
      ['cabal build --with-compiler=/tmp/ghc', 'not-allow'],
      ['cabal v2-run --with-compiler=/tmp/ghc', 'not-allow'],
      ['cabal build --with-gcc=/tmp/gcc', 'not-allow'],
      ['cabal build --ghc-options=-pgmF=/tmp/x', 'not-allow'],
      ['stack build --with-ghc=/tmp/ghc', 'not-allow'],
      ['cmake -B build -DCMAKE_TOOLCHAIN_FILE=/tmp/t.cmake', 'not-allow'],
      ['cmake -B build -D CMAKE_PROJECT_INCLUDE=/tmp/x.cmake', 'not-allow'],
      ['cmake -B build -DCMAKE_C_COMPILER_LAUNCHER=~/x', 'not-allow'],
      ['ctest --build-and-test /tmp/x /tmp/b --build-generator Ninja', 'not-allow'],
      ['swift build -Xswiftc -load-plugin-executable -Xswiftc /tmp/p#X', 'not-allow'],
      ['swift build -Xswiftc -load-plugin-library -Xswiftc /tmp/x.dylib', 'not-allow'],
      ['swift build -Xcc -B/tmp/x', 'not-allow'],
      ['swift build --toolchain /tmp/tc', 'not-allow'],
      ['nim c --cc:env --gcc.exe:/tmp/x nim/app.nim', 'not-allow'],
      ['nim c --gcc.exe=/tmp/x nim/app.nim', 'not-allow'],
      ['waf configure --top=/tmp/x', 'not-allow'],
      ['pants --pants-config-files=/tmp/p.toml test ::', 'not-allow'],
      ['phpunit --bootstrap /tmp/x.php', 'not-allow'],
      ['rubocop -r /tmp/x.rb', 'not-allow'],
      ['rustc --sysroot /tmp/x src/main.rs', 'not-allow'],
      ['dune build --workspace /tmp/dune-workspace', 'not-allow'],
      ['nix-build -I nixpkgs=/tmp/np', 'not-allow'],
      ['nix-shell -I nixpkgs=/tmp/np', 'not-allow'],
      ['nix build -I nixpkgs=/tmp/np .#x', 'not-allow'],
      // the same options given the workspace's or the system's files, or a data location, stay allowed
      ['cabal build --with-compiler=/usr/bin/ghc', 'allow'],
      ['cmake -B build -DCMAKE_BUILD_TYPE=Release', 'allow'],
      ['cmake -B build -DCMAKE_INSTALL_PREFIX=/tmp/install', 'allow'],
      ['cmake -B build -DCMAKE_C_COMPILER=/usr/bin/clang', 'allow'],
      ['bazel build --disk_cache=/tmp/bazel-cache //...', 'allow'],
      ['bazel build --output_base=/tmp/out //...', 'allow'],
      ['swift build --scratch-path .build', 'allow'],
      ['stack build --fast', 'allow'],
      ['cabal build all', 'allow'],
      // a URL is an address, not a path; the word after an unknown option keeps its row's role as well
      ['npx serve -l tcp://127.0.0.1:3000 dist', 'allow'],
      ['nix-store --delete --ignore-liveness /nix/store/x', 'not-allow'],
    ]);
  });

  it('a runner runs the command after its verb, whatever options come first', () => {
    for (const inner of ['rm -rf src', 'git push --force origin main', 'git reset --hard HEAD~3']) {
      checkEval(w, [
        [`micromamba run -n base ${inner}`, 'not-allow'],
        [`micromamba run --cwd . -p /opt/env ${inner}`, 'not-allow'],
        [`meson devenv -C build ${inner}`, 'not-allow'],
        [`muon devenv -C build ${inner}`, 'not-allow'],
        [`opam exec -- ${inner}`, 'not-allow'],
        [`opam exec --switch=default -- ${inner}`, 'not-allow'],
        [`stack --silent exec -- ${inner}`, 'not-allow'],
        [`cabal -v0 exec -- ${inner}`, 'not-allow'],
        [`hatch -e test run ${inner}`, 'not-allow'],
        [`hatch env run -e test -- ${inner}`, 'not-allow'],
        [`pnpm --filter app exec ${inner}`, 'not-allow'],
        [`uv --directory . run ${inner}`, 'not-allow'],
        [`poetry -C . run ${inner}`, 'not-allow'],
        [`mise exec node@20 -- ${inner}`, 'not-allow'],
        [`mise x node@20 python@3.12 -- ${inner}`, 'not-allow'],
        [`mise exec -c '${inner}'`, 'not-allow'],
      ]);
    }
    checkEval(w, [
      ['micromamba run -n base python -c "print(1)"', 'allow'],
      ['meson devenv -C build ls', 'allow'],
      ['stack --silent exec -- ghc --version', 'allow'],
      ['uv --directory . run pytest', 'allow'],
      ['mise exec node@20 -- node --version', 'allow'],
      ['opam exec -- dune build', 'allow'],
    ]);
  });

  it('sqlite3 runs the SQL of -cmd and the SQL after the database, and -init is a file of SQL', () => {
    checkEval(w, [
      ["sqlite3 -cmd 'DROP TABLE x' app.db", 'not-allow'],
      ["sqlite3 -cmd '.timeout 100' app.db 'DROP TABLE users'", 'not-allow'],
      ["sqlite3 -bail -cmd 'DELETE FROM users' app.db .quit", 'not-allow'],
      ["sqlite3 --cmd 'DROP TABLE x' app.db", 'not-allow'],
      ['sqlite3 -init /tmp/x.sql app.db .quit', 'not-allow'],
      ["sqlite3 -cmd '.mode csv' app.db 'SELECT 1'", 'allow'],
      ["sqlite3 -cmd '.headers on' -separator , app.db 'SELECT * FROM users'", 'allow'],
      ["sqlite3 app.db 'SELECT count(*) FROM users'", 'allow'],
    ]);
  });

  it('git fetch into the whole ref namespace or refs/replace writes refs nobody has seen', () => {
    checkEval(w, [
      ["git fetch /tmp/x.bundle 'refs/*:refs/*'", 'not-allow'],
      ["git fetch bundle.b 'refs/*:refs/*'", 'not-allow'],
      ["git fetch origin 'refs/replace/*:refs/replace/*'", 'not-allow'],
      ["git pull /tmp/x.bundle '*:*'", 'not-allow'],
      ['git fetch origin', 'allow'],
      ["git fetch origin 'refs/heads/*:refs/remotes/origin/*'", 'allow'],
      ['git fetch origin main:refs/remotes/origin/main', 'allow'],
      ['git fetch --tags', 'allow'],
    ]);
  });
});
