// rt20cmd escapes (cmd55): make and script runners that stopped the guard reading the recipe or the script they
// run, and publish/deploy/database verbs with no row. Through `agentguard eval` on a real workspace whose
// package.json `reset` script and Makefile `wipe` recipe delete src (planted by an earlier ordinary edit).
import { makeRun, packageScriptLines, packageScriptsRun } from '../../../src/core/shell/projectScripts';
import assert from 'node:assert/strict';
import { checkEval, suiteWorkspace, writeFiles, type Expect } from './workspace';

describe('cmd55: make options and runners that hide the recipe or script', () => {
  const w = suiteWorkspace();
  before(() =>
    writeFiles(w.ws, {
      'package.json':
        '{"name":"demo","version":"1.0.0","scripts":{"test":"echo ok","build":"echo built","lint":"echo lint","build:a":"echo a",' +
        '"build:b":"echo b","reset":"rm -rf src && git push --force","nuke:src":"rm -rf src","calls":"npm run reset"}}\n',
    }),
  );
  it('make: -O/--output-sync take no next word, -C "$PWD"/-f "$PWD/Makefile" are read, bmake/pmake are make', () =>
    checkEval(w, [
      ['make -O wipe', 'not-allow'],
      ['make --output-sync wipe', 'not-allow'],
      ['make -j 4 -O wipe', 'not-allow'],
      ['make -s -O wipe', 'not-allow'],
      ['make -Oline wipe', 'not-allow'],
      ['make -j wipe', 'not-allow'],
      ['make -C "$PWD" wipe', 'not-allow'],
      ['make -C $PWD wipe', 'not-allow'],
      ['make -f "$PWD/Makefile" wipe', 'not-allow'],
      ['bmake wipe', 'not-allow'],
      ['pmake wipe', 'not-allow'],
      ['gmake -O wipe', 'not-allow'],
      ['make -O test', 'allow'],
      ['make -j 4 test', 'allow'],
      ['make -C "$PWD" test', 'allow'],
      ['bmake test', 'allow'],
      ['make -n wipe', 'allow'],
      ['make -O', 'allow'],
    ] as [string, Expect][]));
  it('a dry run of the same goal earlier on the line does not make the real run unread', () =>
    checkEval(w, [
      ['make -n wipe && make wipe', 'not-allow'],
      ['make -n wipe; make wipe', 'not-allow'],
      ['make -q wipe || make wipe', 'not-allow'],
      ['make --dry-run wipe && make -s wipe', 'not-allow'],
      ['make test && make wipe', 'not-allow'],
      ['make -n test && make test', 'allow'],
      ['make test && make all', 'allow'],
      ['npm run build && npm run reset', 'not-allow'],
      ['npm test && npm run build', 'allow'],
      // A script that runs another script by name: the inner one is read too.
      ['npm run calls', 'not-allow'],
    ] as [string, Expect][]));
  it('pnpm -r/-w/--filter and `pnpm recursive` run the package.json script of that name', () =>
    checkEval(w, [
      ['pnpm -r reset', 'not-allow'],
      ['pnpm -w reset', 'not-allow'],
      ['pnpm --filter . reset', 'not-allow'],
      ['pnpm -r --filter . reset', 'not-allow'],
      ['pnpm --recursive run reset', 'not-allow'],
      ['pnpm -w run reset', 'not-allow'],
      ['pnpm recursive run reset', 'not-allow'],
      ['pnpm -r build', 'allow'],
      ['pnpm -w test', 'allow'],
      ['pnpm --filter . lint', 'allow'],
      ['pnpm test', 'allow'],
      ['pnpm -r exec echo hi', 'allow'],
    ] as [string, Expect][]));
  it('npm-run-all/run-s/run-p and nx/turbo/lerna targets that a package.json script defines are judged as the script', () =>
    checkEval(w, [
      ['npx run-s reset', 'not-allow'],
      ['npx npm-run-all reset', 'not-allow'],
      ['npx npm-run-all --parallel build reset', 'not-allow'],
      ['npx run-p build reset', 'not-allow'],
      ["npx run-s 'nuke:*'", 'not-allow'],
      ['npx --yes npm-run-all reset', 'not-allow'],
      ['npx nx run demo:reset', 'not-allow'],
      ['npx nx run-many -t reset', 'not-allow'],
      ['nx run-many --targets=build,reset', 'not-allow'],
      ['npx nx calls demo', 'not-allow'],
      // `nx reset` is nx's own verb, not the script: it deletes nx's cache and daemon state, a recursive delete the
      // corpus asks about whatever the target (rm.env-purge, cmd58).
      ['npx nx reset', 'ask'],
      ['turbo run reset', 'not-allow'],
      ['npx lerna run reset', 'not-allow'],
      ['run-s build test', 'allow'],
      ["npx run-p 'build:*'", 'allow'],
      ['npx nx run demo:build', 'allow'],
      ['npx nx run-many -t test', 'allow'],
      ['npx turbo run build lint', 'allow'],
      ['npx lerna run test', 'allow'],
    ] as [string, Expect][]));
  it('publish/deploy/db verbs with no row: nx release, turbo publish, gradle jib, sbt docker:publish, cabal/stack upload, mongoimport --drop', () =>
    checkEval(w, [
      ['nx release publish', 'ask'],
      ['npx nx release --yes', 'ask'],
      ['turbo run publish', 'ask'],
      ['nx run-many -t publish', 'ask'],
      ['./gradlew jib', 'ask'],
      ['gradle artifactoryPublish', 'ask'],
      ['./gradlew bootBuildImage --publishImage', 'ask'],
      ['sbt docker:publish', 'ask'],
      ['cabal upload x.tar.gz', 'ask'],
      ['stack upload .', 'ask'],
      ['mongoimport --drop -c users x.json', 'ask'],
      ['terraform refresh', 'ask'],
      ['nx release --dry-run', 'allow'],
      ['nx release version --dry-run', 'allow'],
      ['gradle build', 'allow'],
      ['./gradlew test', 'allow'],
      ['cabal build', 'allow'],
      ['stack build', 'allow'],
      ['sbt test', 'allow'],
      ['mongoimport --db app -c users --file x.json', 'allow'],
      ['terraform plan', 'allow'],
    ] as [string, Expect][]));
});

describe('cmd55: the command-line readers of make and script runners', () => {
  it('makeRun: optional-value options leave the next word a goal', () => {
    assert.deepEqual(makeRun(['make', '-O', 'distclean'])?.goals, ['distclean']);
    assert.deepEqual(makeRun(['make', '--output-sync', 'x'])?.goals, ['x']);
    assert.deepEqual(makeRun(['make', '-j', '4', 'x'])?.goals, ['x']);
    assert.deepEqual(makeRun(['make', '-j', 'x'])?.goals, ['x']);
    assert.deepEqual(makeRun(['bmake', 'x'])?.goals, ['x']);
    assert.equal(makeRun(['make', '-C', 'sub', 'x'])?.dir, 'sub');
  });
  it('packageScriptsRun: pnpm -w is a flag; runners name scripts; globs match script names', () => {
    assert.ok(packageScriptsRun(['pnpm', '-w', 'nuke'])?.names.includes('nuke'));
    assert.ok(packageScriptsRun(['pnpm', '-r', 'nuke'])?.names.includes('nuke'));
    assert.ok(packageScriptsRun(['npm-run-all', '--npm-path', 'npm', '-p', 'a', 'b'])?.names.includes('b'));
    assert.ok(!packageScriptsRun(['npm-run-all', '--npm-path', 'npm', 'a'])?.names.includes('npm'));
    assert.ok(packageScriptsRun(['nx', 'run', 'ws:nuke'])?.names.includes('nuke'));
    assert.equal(packageScriptsRun(['nx', 'graph']), undefined);
    const lines = packageScriptLines('{"scripts":{"b:a":"x","b:c":"y","b:c:d":"z","c":"w"}}', ['b:*']);
    assert.deepEqual(
      lines?.map((l) => l.name),
      ['b:a', 'b:c'],
    );
  });
});
