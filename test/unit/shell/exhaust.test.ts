// Resource exhaustion the per-program rules cannot see (loops nothing can end that grow something, endless
// streams through pipes and redirects, runaway background jobs) and inline code that calls what it names only at
// run time. Each dangerous line was run in real bash (under a time limit) and did what its group says.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { decideOnDisk } from './workspace';

describe('resource exhaustion and run-time calls', () => {
  let ws = '';
  const decide = (line: string) => decideOnDisk(ws, line);
  before(() => {
    ws = path.join(fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-exhaust-'))), 'ws');
    fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
    fs.mkdirSync(path.join(ws, 'build'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'src', 'a.ts'), 'x');
    fs.writeFileSync(path.join(ws, 'package.json'), '{}');
    fs.writeFileSync(path.join(ws, 'README.md'), 'hi\n');
  });
  after(() => fs.rmSync(path.dirname(ws), { recursive: true, force: true }));

  const asks = (rule: string, lines: string[]) => {
    for (const line of lines) {
      const v = decide(line);
      assert.equal(v.decision, 'ask', `${line}: ${v.decision} ${v.rule}`);
      assert.equal(v.rule, rule, `${line}: ${v.reason}`);
    }
  };
  const allows = (lines: string[]) => {
    for (const line of lines) {
      const v = decide(line);
      assert.equal(v.decision, 'allow', `${line}: ${v.decision} ${v.rule} ${v.reason}`);
    }
  };

  it('a loop nothing can end whose body (or a function it calls) writes, or whose output goes to a file, fills the disk', () => {
    asks('cmd:sys.disk-fill', [
      'while :; do mkdir -p d; cd d; done',
      'while true; do echo x >> log.txt; done',
      'until false; do echo x >> f; done',
      'for ((;;)); do mkdir x; cd x; done',
      'for ((i=0;;i++)); do echo $i >> n.txt; done',
      'while [ 1 ]; do mkdir -p a; cd a; done',
      'while sleep 0; do date >> log.txt; done',
      'while :; do echo x; done > out.txt',
      '{ while true; do echo x; done; } >> log',
      'g() { mkdir -p d; cd d; }; while :; do g; done',
      'f(){ mkdir -p a; cd a; f; }; f',
      "exec bash -c 'while :; do echo x >> f; done'",
      // Conditions written another way, and a word that only looks like a way out.
      'while [[ 1 ]]; do echo x >> f; done',
      'while ! false; do echo x >> f; done',
      'while /bin/true; do echo x >> f; done',
      'while command true; do echo x >> f; done',
      'while [ 1 = 1 ]; do echo x >> f; done',
      'until /bin/false; do echo x >> f; done',
      'while :; do echo break >> f; done',
      'while true; do timeout 1 sleep 0; echo x >> f; done',
      'while true\ndo\n  echo x >> f\ndone',
    ]);
  });

  it('a loop nothing can end sent to the background keeps running', () => {
    asks('cmd:sys.fork-bomb', [
      'while :; do :; done &',
      "sh -c 'while :; do :; done' &",
      "nohup bash -c 'while :; do :; done' >/dev/null 2>&1 &",
      "setsid -f bash -c 'while :; do :; done'",
      '(while :; do :; done) &',
      '{ while :; do :; done; } &',
    ]);
  });

  it('a loop nothing can end that never waits, and inline code that loops forever, keep a processor busy', () => {
    asks('cmd:exec.endless', [
      'while true; do :; done',
      'while :; do :; done',
      'until false; do date; done',
      'for ((;;)); do git status; done',
      'f() { echo hi; f; }; f',
    ]);
    for (const line of [
      'node -e "while(true){}"',
      "node -e 'const a=[];while(1)a.push(new Array(1e6).fill(1))'",
      "python3 -c 'while True: pass'",
      "ruby -e 'loop { }'",
      "perl -e '1 while 1'",
      "php -r 'while(1){}'",
    ]) {
      const v = decide(line);
      assert.equal(v.decision, 'ask', `${line}: ${v.decision} ${v.rule}`);
      assert.match(v.reason, /loops without end/, line);
    }
    allows([
      "node -e 'let i=0; while(true){ if(++i>3) break; } console.log(i)'",
      "python3 -c 'i=0\nwhile True:\n    i+=1\n    if i>3: break\nprint(i)'",
      "node -e 'for (const x of [1,2]) console.log(x)'",
    ]);
  });

  it('a loop of very many passes that writes on each fills the disk or its inodes', () => {
    asks('cmd:sys.disk-fill', [
      'for i in {1..1000000}; do mkdir -p d; cd d; done',
      'for i in {1..200} {1..200}; do :; done; for i in {1..100000}; do echo x >> log.txt; done',
    ]);
    allows(['for i in {1..100}; do echo $i >> log.txt; done', 'for i in {1..20000}; do echo $i; done']);
  });

  it('an endless stream that is written to a file, or run in the background', () => {
    asks('cmd:sys.disk-fill', [
      'cat /dev/zero | gzip > z.gz',
      "tr '\\0' x < /dev/zero > f",
      'cat < /dev/urandom > f',
      'xxd /dev/urandom > hex.txt',
      'base64 /dev/urandom > b.txt',
      'shuf -r -i 1-9 > nums.txt',
      'tail -f /dev/zero > out',
      'seq inf | xargs -n1 echo >> n.txt',
      'yes | tr y n | tee answers.txt',
    ]);
    asks('cmd:sys.disk-fill', ['cat /dev/urandom | sort', 'yes | tac > /dev/null']);
    asks('cmd:sys.fork-bomb', ['yes > /dev/null &', 'sha1sum /dev/zero &', 'cat /dev/urandom | md5sum &', 'coproc yes > /dev/null']);
    allows(["yes '' | head -3", 'yes | npm init', 'tail -f app.log | grep ERROR', 'sort README.md > sorted.txt']);
  });

  // seq reads exponents, hex and fractions: `seq 1e12` prints a trillion lines (replayed: 145 MB in its first second).
  it('seq with an enormous count, in any number notation, is an endless stream', () => {
    asks('cmd:sys.disk-fill', [
      'seq 1e12 > /tmp/big',
      'seq 1e12 | gzip > /tmp/big.gz',
      'seq 1e12 | tee nums.txt',
      'seq 0 0.0000001 1000 > n.txt',
      'seq -f %.0f 1 1e15 > n.txt',
      'seq 0x7fffffffffff > n.txt',
      'seq 1 1000000000 > n.txt',
      'seq 1E+12 >> n.txt',
    ]);
    allows([
      'seq 10 > n.txt',
      'seq 1e3 > n.txt',
      'seq 1 100000 > n.txt',
      'seq -w 1 100 > ids.txt',
      'seq 1e12 | head -n 5 > n.txt',
      'seq 5 -1 1 > n.txt',
      'seq -s, 1 10 > n.txt',
    ]);
  });

  it('loops that can end, bounded readers and ordinary background jobs stay allowed', () => {
    allows([
      'while true; do date; sleep 1; done',
      'while sleep 5; do git status --short; done',
      'until false; do ./poll.sh && break; sleep 2; done',
      'while :; do curl -fs localhost:8080 > /dev/null && break; sleep 1; done',
      'while [ -f lock ]; do echo waiting >> wait.log; sleep 1; done',
      'while :; do echo tick >> wait.log; [ -f done ] && break; sleep 1; done',
      'while true; do if [ -f done ]; then break; fi; echo wait >> wait.log; sleep 1; done',
      'while [ 1 = 2 ]; do echo x >> f; done',
      'until [ -f done ]; do echo wait >> wait.log; sleep 1; done',
      'for i in 1 2 3; do echo $i >> out.txt; done',
      'git ls-files | while read -r f; do echo "$f" >> list.txt; done',
      'yes | head -n 5 > answers.txt',
      'head -c 32 /dev/urandom > key.bin',
      'dd if=/dev/urandom of=key.bin bs=32 count=1',
      'od -N 16 -An -tx1 /dev/urandom > rand.txt',
      'xxd -l 16 -p /dev/urandom > r.txt',
      'cat /dev/urandom | head -c 16 | base64 > rand.b64',
      'npm run dev > dev.log 2>&1 &',
      'tail -f README.md &',
      'f() { echo hi >> log.txt; }; f',
    ]);
  });

  it('php and perl code that calls a function it computes is not accounted for', () => {
    for (const line of [
      `php -r '$f="sys"."tem"; $f("rm -rf build");'`,
      `php -r '("sys"."tem")("rm -rf build");'`,
      `php -r '$x=["rm -rf build"]; array_walk($x, "system");'`,
      `php -r 'array_map("passthru", ["rm -rf build"]);'`,
      `perl -MPOSIX -e 'my $f = "POSIX::sys"."tem"; &$f("rm -rf build")'`,
      `perl -MPOSIX -e 'my $f = \\&{"POSIX::sys"."tem"}; $f->("rm -rf build")'`,
      `perl -e 'my $f = sub { print 1 }; $f->()'`,
      `deno run -A - <<< 'Deno.removeSync("build",{recursive:true})'`,
      `bun run - <<< 'require("fs").rmSync("build",{recursive:true})'`,
    ]) {
      const v = decide(line);
      assert.notEqual(v.decision, 'allow', `${line}: ${v.decision} ${v.rule}`);
    }
    allows([
      `php -r '$a=[3,1,2]; sort($a); echo implode(",", $a);'`,
      `perl -e 'my $x = 2; print $x * 3'`,
      `deno run -A - <<< 'console.log(1)'`,
      'deno run main.ts',
    ]);
  });
});
