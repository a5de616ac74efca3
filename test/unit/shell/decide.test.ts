// decideCommand: policy rules by id then category, unknown never allowed, user patterns, most restrictive wins.
import assert from 'node:assert/strict';
import type { CommandPattern, CommandPolicy } from '../../../src/core/policy/types';
import { decideCommand } from '../../../src/core/shell/index';

const env = { cwd: '/home/dev/project', workspace: '/home/dev/project', home: '/home/dev' };
const base: CommandPolicy = { rules: {}, destructive: 'ask', unknown: 'ask', patterns: [], checkPaths: true };
const pat = (pattern: string, decision: CommandPattern['decision']): CommandPattern => ({ pattern, decision, source: 'workspace' });
const decide = (line: string, p: Partial<CommandPolicy> = {}) => decideCommand(line, { ...base, ...p }, env).verdict;

describe('decideCommand', () => {
  it('names the sub-command, the rule and a one-line reason', () => {
    const v = decide('git log && rm -rf build');
    assert.equal(v.decision, 'ask');
    assert.equal(v.rule, 'cmd:rm.recursive');
    assert.equal(v.subcommand, 'rm -rf build');
    assert.ok(!v.reason.includes('\n') && v.reason.includes('rm -rf build'));
  });

  it('applies policy.rules by rule id, then by category, then the destructive default', () => {
    assert.equal(decide('rm -rf build', { rules: { 'rm.recursive': 'deny' } }).decision, 'deny');
    assert.equal(decide('rm -rf build', { rules: { rm: 'deny' } }).decision, 'deny');
    assert.equal(decide('rm -rf build', { rules: { rm: 'deny', 'rm.recursive': 'allow' } }).decision, 'allow');
    assert.equal(decide('sudo ls', { destructive: 'deny' }).decision, 'deny');
    assert.equal(decide('sudo ls', { rules: { priv: 'deny' } }).rule, 'cmd:priv.sudo');
  });

  it('never allows what it cannot understand, whatever the policy says', () => {
    for (const line of ['git log &&& rm -rf /', '$CMD --version', 'echo "open']) {
      assert.equal(decide(line, { unknown: 'allow' }).decision, 'ask', line);
      assert.equal(decide(line, { unknown: 'allow', rules: { parse: 'allow', exec: 'allow' } }).decision, 'ask', line);
      assert.equal(decide(line, { unknown: 'deny' }).decision, 'deny', line);
    }
  });

  it('takes the most restrictive decision across sub-commands', () => {
    const v = decide('git push --force; sudo ls', { rules: { 'git.push-force': 'ask', priv: 'deny' } });
    assert.equal(v.decision, 'deny');
    assert.equal(v.rule, 'cmd:priv.sudo');
  });

  it('allow cmd:benign for a benign line', () => {
    assert.deepEqual([decide('npm test').decision, decide('npm test').rule], ['allow', 'cmd:benign']);
  });
});

describe('user command patterns', () => {
  it('an allow pattern exempts exactly the matching sub-command', () => {
    const allowNm = [pat('rm -rf node_modules', 'allow')];
    assert.equal(decide('rm -rf node_modules', { patterns: allowNm }).decision, 'allow');
    assert.equal(decide('rm -rf node_modules && rm -rf build', { patterns: allowNm }).decision, 'ask');
    assert.equal(decide('rm -rf node_modules/../src', { patterns: allowNm }).decision, 'ask');
    assert.equal(decide('rm -rf node_modules src', { patterns: allowNm }).decision, 'ask');
    assert.equal(decide('cd /tmp && \\rm -rf node_modules', { patterns: allowNm }).decision, 'allow');
  });

  it('matches the normalized command: quoting, paths and case do not dodge a pattern', () => {
    const deny = [pat('npm publish **', 'deny')];
    for (const line of [
      'npm publish',
      "n''pm publish --tag next",
      '/usr/local/bin/npm publish',
      'NPM publish',
      'env CI=1 npm publish',
      "bash -c 'npm publish'",
    ]) {
      const v = decide(line, { patterns: deny });
      assert.equal(v.decision, 'deny', line);
      assert.equal(v.rule, 'cmd:user:npm publish **');
    }
    assert.equal(decide('npm publish --dry-run', { patterns: [pat('npm publish', 'deny')] }).decision, 'allow');
  });

  it('deny patterns win over allow patterns and over the classifier', () => {
    const v = decide('rm -rf node_modules', { patterns: [pat('rm -rf node_modules', 'allow'), pat('rm **', 'deny')] });
    assert.equal(v.decision, 'deny');
    assert.equal(decide('ls -la', { patterns: [pat('ls **', 'deny')] }).decision, 'deny');
    assert.equal(decide('make deploy', { patterns: [pat('make deploy', 'ask')] }).decision, 'ask');
  });

  it('supports * within a word and a trailing **', () => {
    const p = [pat('rm -rf *.egg-info', 'allow'), pat('docker compose down **', 'allow')];
    assert.equal(decide('rm -rf foo.egg-info', { patterns: p }).decision, 'allow');
    assert.equal(decide('rm -rf foo.egg-info/x', { patterns: p }).decision, 'ask');
    assert.equal(decide('docker compose down -v --rmi all', { patterns: p }).decision, 'allow');
  });

  it('a dynamic word never satisfies an allow pattern but does meet a deny pattern', () => {
    assert.equal(decide('rm -rf $DIR', { patterns: [pat('rm -rf *', 'allow')] }).decision, 'ask');
    assert.equal(decide('git push origin $BRANCH', { patterns: [pat('git push origin *', 'deny')] }).decision, 'deny');
  });

  it("an allow on the inner command keeps the wrapper's own finding (sudo)", () => {
    const p = [pat('rm -rf node_modules', 'allow')];
    const v = decide('sudo rm -rf node_modules', { patterns: p });
    assert.equal(v.decision, 'ask');
    assert.equal(v.rule, 'cmd:priv.sudo');
    assert.equal(decide('sudo apt-get update', { patterns: [pat('sudo apt-get update', 'allow')] }).decision, 'allow');
  });
});
