// The wrapper table: programs that run another command given as their remaining words (`timeout 5 CMD`,
// `nice -n 10 CMD`, `fakeroot CMD`). A row says the wrapper's options (notation of spec.ts), how many
// positionals come before the command (`skip`), and which options mean nothing runs (`none`: `ionice -p PID`).
// An option value of role S is shell code and is judged as a command; a value of role W the wrapper writes.
// The unwrapper peels a wrapper off and judges what it runs; the samples (`LINE => INNER`) are enforced by
// test/unit/shell/wrappers.test.ts. Wrappers with grammars of their own (sudo, env, bash -c, xargs, find -exec,
// ssh, docker run, git aliases, tmux, gdb --args, bwrap, hyperfine, …) are code in unwrap.ts or handlers.
import { compileRow, type Row, type RowSpec } from './spec';

export interface WrapperSpec extends RowSpec {
  /** Positionals the wrapper takes before the command (timeout DURATION, chroot NEWROOT). */
  skip?: number;
  /** Options after which nothing runs (`ionice -p PID`, `taskset -p MASK PID`). */
  none?: string;
  /** `LINE => INNER`: the command the wrapper runs, or `-` for none. */
  samples: string[];
  /**
   * The wrapper runs its command with privileges the agent does not have (a system manager, another user),
   * unless one of these options keeps it the agent's own (`systemd-run --user`): asked like sudo.
   */
  priv?: string;
  /** Options may follow the skipped positionals as well (`setarch x86_64 -R CMD`). */
  optsAfter?: boolean;
  /**
   * Output options whose value, when it starts with `|` or `!`, is a command the output is piped to (`strace -o
   * '|cmd'`): judged as shell code, and a value only known at run time is unknown.
   */
  pipe?: string;
}

// util-linux's personality wrappers: setarch ARCH [options] [CMD…], and the names it is installed as (the
// architecture is the name). With no command they start /bin/sh, which runs what its input says.
const SETARCH_OPTS =
  '-B|--32bit -F|--fdpic-funcptrs -I|--short-inode -L|--addr-compat-layout -R|--addr-no-randomize -S|--whole-seconds -T|--sticky-timeouts -X|--read-implies-exec -Z|--mmap-page-zero -3|--3gb --4gb --uname-2.6 -v|--verbose --list -h|--help -V|--version';

const STRACE_OPTS =
  '-o|--output=W -e|--expr=V -E|--env=V -p|--attach=V -P|--trace-path=V -s|--string-limit=V -S|--summary-sort-by=V -u|--user=V -X=V -I=V -a=V -O=V -U=V -fFcCdqrtTvwxyzZhV --follow-forks --summary-only --summary';

export const WRAPPERS_SPEC: WrapperSpec[] = [
  { n: 'nice', d: 'runs a command at another priority', o: '-n|--adjustment=V -#', samples: ['nice -n 10 rm -rf b => rm -rf b', 'nice -5 make => make'] },
  {
    n: 'ionice',
    d: 'runs a command at another I/O priority',
    o: '-c|--class=V -n|--classdata=V -p|--pid=V -P|--pgid=V -u|--uid=V -t|--ignore',
    none: '-p -P -u',
    samples: ['ionice -c3 rm -rf b => rm -rf b', 'ionice -p 48213 => -'],
  },
  { n: 'nohup', d: 'runs a command immune to hangups', samples: ['nohup rm -rf b => rm -rf b'] },
  {
    n: 'ssh-agent',
    d: 'runs a command with a key agent (alone, it starts one and prints its variables)',
    o: '-a=V -E=V -t=V -P=V -O=V -c -d -D -s -k -T',
    none: '-k',
    samples: ['ssh-agent rm -rf b => rm -rf b', 'ssh-agent -k => -', 'ssh-agent -t 60 make test => make test'],
  },
  {
    n: 'time',
    d: 'times a command (-o writes the timing to a file)',
    o: '-f|--format=V -o|--output=W -p|--portability -v|--verbose -a|--append -q|--quiet',
    samples: ['time npm test => npm test'],
  },
  {
    n: 'timeout',
    d: 'runs a command with a time limit',
    o: '-s|--signal=V -k|--kill-after=V -v|--verbose --foreground --preserve-status',
    skip: 1,
    samples: ['timeout 5 rm -rf b => rm -rf b', 'timeout -s KILL 1m git clean -fdx => git clean -fdx'],
  },
  {
    n: 'command',
    d: 'runs a command, skipping functions and aliases (-v/-V only look it up)',
    o: '-p',
    none: '-v -V',
    samples: ['command rm -rf b => rm -rf b', 'command -v rm => -'],
  },
  { n: 'builtin', d: 'runs a shell builtin', samples: ['builtin exec rm -rf b => rm -rf b'] },
  { n: 'exec', d: 'replaces the shell with a command', o: '-a=V -c -l', samples: ['exec rm -rf b => rm -rf b'] },
  { n: 'setsid', d: 'runs a command in a new session', o: '-c|--ctty -f|--fork -w|--wait', samples: ['setsid rm -rf b => rm -rf b'] },
  {
    n: 'strace',
    d: 'traces a command (-o writes the trace to a file; `-o "|cmd"` or `-o "!cmd"` pipes it to a shell command)',
    o: STRACE_OPTS,
    none: '-p',
    pipe: '-o',
    samples: ['strace -f -o /dev/null rm -rf b => rm -rf b', 'strace -o "|rm -rf b" true => rm -rf b', "strace -qqo '!rm -rf b' true => rm -rf b"],
  },
  {
    // ltrace opens -o's file with fopen: a name starting with `|` is a file of that name.
    n: 'ltrace',
    d: 'traces a command’s library calls (-o writes the trace to a file)',
    o: STRACE_OPTS,
    none: '-p',
    samples: ['ltrace -f -o /dev/null rm -rf b => rm -rf b'],
  },
  { n: 'stdbuf', d: 'runs a command with other stream buffering', o: '-i|--input=V -o|--output=V -e|--error=V', samples: ['stdbuf -o0 rm -rf b => rm -rf b'] },
  { n: 'unbuffer', d: 'runs a command without output buffering', o: '-p', samples: ['unbuffer rm -rf b => rm -rf b'] },
  { n: 'caffeinate', d: 'keeps the machine awake while a command runs', o: '-w=V -t=V -dimsu', samples: ['caffeinate -i make => make'] },
  {
    n: 'xvfb-run',
    d: 'runs a command with a virtual display',
    o: '-n|--server-num=V -s|--server-args=V -f|--auth-file=V -e|--error-file=W -p=V -a|--auto-servernum',
    samples: ['xvfb-run -a npm test => npm test'],
  },
  { n: 'chrt', d: 'runs a command with a real-time priority', o: '-bdfiorRTmaevh -p:pid', skip: 1, none: '-p', samples: ['chrt 10 rm -rf b => rm -rf b'] },
  { n: 'taskset', d: 'runs a command on chosen CPUs', o: '-acV -p', skip: 1, none: '-p', samples: ['taskset 0x1 rm -rf b => rm -rf b'] },
  { n: 'torsocks', d: 'runs a command through Tor', samples: ['torsocks curl https://example.com => curl https://example.com'] },
  {
    n: 'proxychains proxychains4',
    d: 'runs a command through proxies',
    o: '-f=R -q',
    samples: ['proxychains4 -q curl https://example.com => curl https://example.com'],
  },
  { n: 'catchsegv', d: 'runs a command and reports crashes', samples: ['catchsegv ./app => ./app'] },
  {
    n: 'chroot',
    d: 'runs a command in another root (needs root)',
    o: '--userspec=V --groups=V --skip-chdir',
    skip: 1,
    samples: ['chroot /srv/root rm -rf /x => rm -rf /x'],
    // Another root is root's tool: what runs there sees a file system the guard does not.
    priv: '',
  },
  // Running as another user is a change of identity, like sudo, whatever the command.
  { n: 'gosu su-exec', d: 'runs a command as another user', skip: 1, samples: ['gosu app rm -rf b => rm -rf b'], priv: '' },
  {
    n: 'runuser',
    d: 'runs a command as another user (-c: shell code)',
    o: '-u|--user=V -g|--group=V -G|--supp-group=V -l|--login -m|-p|--preserve-environment -s|--shell=V -c|--command=S -w|--whitelist-environment=V',
    samples: ['runuser -u app rm -rf b => rm -rf b'],
    priv: '',
  },
  {
    n: 'unshare',
    d: 'runs a command in new namespaces',
    o: '-muinpUCrfcT --mount[=V] --uts[=V] --ipc[=V] --net[=V] --pid[=V] --user[=V] --cgroup[=V] --time[=V] --map-root-user --map-current-user --fork --mount-proc[=V] --kill-child[=V] --propagation=V --setgroups=V -R|--root=V -w|--wd=V -S|--setuid=V -G|--setgid=V',
    samples: ['unshare -r rm -rf b => rm -rf b'],
    // New namespaces: root in a user namespace (-r), or namespaces only root may make; either is a change of identity.
    priv: '',
  },
  { n: 'firejail', d: 'runs a command in a sandbox', loose: true, samples: ['firejail --net=none rm -rf b => rm -rf b'] },
  {
    n: 'valgrind',
    d: 'runs a command under a checker',
    loose: true,
    o: '--log-file=W --xml-file=W -q -v',
    samples: ['valgrind --leak-check=full ./app => ./app'],
  },
  { n: 'faketime', d: 'runs a command with a faked clock', o: '-f -m', skip: 1, samples: ["faketime '2020-01-01' rm -rf b => rm -rf b"] },
  {
    n: 'fakeroot fakeroot-ng',
    d: 'runs a command believing it is root',
    o: '-l|--lib=V --faked=V -s=W -i=R -u|--unknown-is-real -b=V',
    samples: ['fakeroot rm -rf b => rm -rf b', 'fakeroot -- make install => make install'],
  },
  {
    n: 'systemd-run',
    d: 'runs a command as a transient systemd unit (now or on a timer)',
    o: '--user --system --scope -u|--unit=V -p|--property=V --description=V --slice=V -r|--remain-after-exit --send-sighup --service-type=V --uid=V --gid=V --nice=V --working-directory=V -d|--same-dir -E|--setenv=V -t|--pty -P|--pipe -q|--quiet --on-active=V --on-boot=V --on-startup=V --on-unit-active=V --on-unit-inactive=V --on-calendar=V --on-clock-change --on-timezone-change --path-property=V --socket-property=V --timer-property=V --no-block --wait -G|--collect -H|--host=V -M|--machine=V --no-ask-password -S|--shell',
    samples: ['systemd-run --user rm -rf b => rm -rf b', 'systemd-run --on-active=30 --user git clean -fdx => git clean -fdx'],
    // Without --user it asks the system manager, which runs the unit as root unless --uid says otherwise.
    priv: '--user',
  },
  {
    n: 'nsenter',
    d: 'runs a command in another process’s namespaces',
    o: '-t|--target=V -a|--all -m|--mount[=V] -u|--uts[=V] -i|--ipc[=V] -n|--net[=V] -p|--pid[=V] -U|--user[=V] -C|--cgroup[=V] -T|--time[=V] -S|--setuid=V -G|--setgid=V -r|--root[=V] -w|--wd[=V] -F|--no-fork --preserve-credentials',
    samples: ['nsenter -t 1 -m rm -rf /x => rm -rf /x'],
    // Entering another process's namespaces (pid 1's: the host's) is root's privilege.
    priv: '',
  },
  {
    n: 'numactl',
    d: 'runs a command with a NUMA policy',
    o: '-i|--interleave=V -N|--cpunodebind=V -C|--physcpubind=V -m|--membind=V -p|--preferred=V -l|--localalloc -H|--hardware -s|--show',
    none: '-H -s',
    samples: ['numactl -N 0 make => make'],
  },
  { n: 'prlimit', d: 'runs a command with resource limits', loose: true, o: '-p|--pid=V', none: '-p', samples: ['prlimit --nofile=1024 make => make'] },
  // Changing user, groups or capabilities is a change of identity; --no-new-privs alone only gives privileges up.
  { n: 'setpriv', d: 'runs a command with other privileges', loose: true, samples: ['setpriv --no-new-privs make => make'], priv: '--no-new-privs' },
  {
    n: 'chpst',
    d: 'runs a command with another state (runit)',
    o: '-u=V -U=V -e=R -/=V -n=V -l=V -L=V -m=V -d=V -o=V -p=V -f=V -c=V -v -P -0 -1 -2',
    samples: ['chpst -u app make => make'],
  },
  {
    n: 'cpulimit',
    d: 'runs a command with a CPU limit',
    o: '-l|--limit=V -p|--pid=V -e|--exe=V -P|--path=V -b|--background -c|--cpu=V -k|--kill -r|--restore -v|--verbose -z|--lazy -i|--include-children',
    none: '-p -e -P',
    samples: ['cpulimit -l 50 -- make => make'],
  },
  { n: 'cross-env', d: 'runs a command with environment variables (the assignments before it)', samples: ['cross-env NODE_ENV=test jest => jest'] },
  {
    n: 'dotenv',
    d: 'runs a command with variables loaded from files (-e names them)',
    o: '-e=R -c=V -v=V -p=V -o',
    samples: ['dotenv -- npm start => npm start'],
  },
  { n: 'tsp ts sem', d: 'queues a command to run in the background', loose: true, samples: ['tsp make => make'] },
  {
    n: 'setarch',
    d: 'runs a command with another reported architecture and personality flags (no command: a shell on the input)',
    o: SETARCH_OPTS,
    skip: 1,
    optsAfter: true,
    none: '--list -h -V',
    samples: ['setarch x86_64 rm -rf b => rm -rf b', 'setarch x86_64 -R git reset --hard => git reset --hard', 'setarch --list => -'],
  },
  {
    n: 'linux32 linux64 uname26 i386 i686 x86_64 ppc ppc32 ppc64 ppc64le s390 s390x sparc sparc32 sparc32bash sparc64 mips mips32 mips64 parisc parisc32 parisc64 ia64',
    d: 'setarch installed under an architecture’s name: runs a command with that personality (no command: a shell on the input)',
    o: SETARCH_OPTS,
    none: '--list -h -V',
    samples: ['linux32 rm -rf b => rm -rf b', 'uname26 git push -f origin main => git push -f origin main', 'x86_64 -R make => make', 'i386 -h => -'],
  },
  {
    // macOS arch: `arch -x86_64 CMD` runs CMD under Rosetta (or another slice of a universal binary); -e sets a
    // variable, -d unsets one. Alone (or coreutils' arch) it prints the machine's architecture. The architecture
    // flags are written `-arm64e|--arm64e`: a lone `-arm64e` token would be read as the one-letter flags a r m 6 4 e.
    n: 'arch',
    d: 'runs a command as another architecture (macOS); alone, prints the architecture',
    loose: true,
    o: '-x86_64|--x86_64 -x86_64h|--x86_64h -arm64|--arm64 -arm64e|--arm64e -i386|--i386 -ppc|--ppc -ppc64|--ppc64 -ppc970|--ppc970 -arch=V -e=V -d=V -c -h --help --version',
    none: '-h --help --version',
    samples: ['arch -x86_64 rm -rf b => rm -rf b', 'arch -arch arm64 -e X=1 git reset --hard => git reset --hard', 'arch -arm64e make => make', 'arch => -'],
  },
  {
    n: 'xcrun',
    d: 'finds and runs a developer tool (Xcode): the first word is the tool, looked up in the SDK, then in PATH',
    o: '-sdk|--sdk=V -toolchain|--toolchain=V -l|--log -v|--verbose -n|--no-cache -k|--kill-cache -r|--run -f|--find --show-sdk-path --show-sdk-version --show-sdk-build-version --show-sdk-platform-path --show-sdk-platform-version --show-toolchain-path -h|--help --version',
    none: '-f --find --show-sdk-path --show-sdk-version --show-sdk-build-version --show-sdk-platform-path --show-sdk-platform-version --show-toolchain-path -h --version',
    samples: ['xcrun rm -rf b => rm -rf b', 'xcrun --sdk macosx clang -c x.c => clang -c x.c', 'xcrun --show-sdk-path => -'],
  },
];

export interface Wrapper {
  row: Row;
  skip: number;
  none: readonly string[];
  pipe: readonly string[];
  /** undefined: never privileged; else the options that keep it unprivileged. */
  priv: readonly string[] | undefined;
  spec: WrapperSpec;
}

export const WRAPPERS = new Map<string, Wrapper>();
for (const spec of WRAPPERS_SPEC) {
  const row = compileRow({ ...spec, posix: true });
  const w: Wrapper = {
    row,
    skip: spec.skip ?? 0,
    none: (spec.none ?? '').split(/\s+/).filter(Boolean),
    pipe: (spec.pipe ?? '').split(/\s+/).filter(Boolean),
    priv: spec.priv === undefined ? undefined : spec.priv.split(/\s+/).filter(Boolean),
    spec,
  };
  for (const n of row.names) {
    if (WRAPPERS.has(n)) throw new Error(`wrapper table: ${n} has two rows`);
    WRAPPERS.set(n, w);
  }
}
