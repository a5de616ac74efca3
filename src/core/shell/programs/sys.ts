// Rows: finding files, the system's services and packages, schedulers, terminals and process managers.
// Wrappers (xargs, timeout, nohup, watch, tmux new, …) are the unwrapper's: the rows here only say what the
// command does when it wraps nothing.
import type { RowSpec } from './spec';

export const SYS: RowSpec[] = [
  {
    n: 'find gfind bfs',
    d: 'finds files by name (names only; -delete and -fprint are effects, -exec runs commands the unwrapper judges)',
    x: 'find',
    ok: [
      "find . -name '*.tmp'",
      'find . -type f -newer package.json',
      'find src -name "*.ts" | xargs grep -l TODO',
      'find . -name build -exec echo rm -rf {} \\;',
    ],
    eff: ['find . -name x -fprint tests/a.test.ts => write tests/a.test.ts', "find build -name '*.o' -delete => delete build"],
  },
  {
    n: 'fd fdfind',
    d: 'finds files by name (names only; -x/-X run commands the unwrapper judges)',
    loose: true,
    o: '-e|--extension=V -t|--type=V -E|--exclude=P -d|--max-depth=V --min-depth=V -S|--size=V --changed-within=V --changed-before=V -j|--threads=V -c|--color=V --ignore-file=R --base-directory=C -x|--exec=V -X|--exec-batch=V',
    a: 'P? M*',
    ok: ['fd -e ts src', 'fd test'],
  },
  { n: 'locate plocate mlocate updatedb', d: 'looks names up in a database', loose: true, a: 'V*', ok: ['locate package.json'] },
  { n: 'xargs', d: 'runs a command on input words (the unwrapper judges the command)', loose: true, a: 'V*', ok: ['xargs -n1 echo < files.txt'] },
  { n: 'parallel', d: 'runs commands in parallel (the unwrapper judges them)', loose: true, a: 'V*', ok: ['parallel --version'] },
  { n: 'watch', d: 'reruns a command (the unwrapper judges it)', loose: true, a: 'V*', ok: ['watch -n 5 date'] },
  {
    n: 'timeout nice ionice time stdbuf setsid flock chrt taskset unbuffer caffeinate',
    d: 'runs a command (the unwrapper judges it)',
    loose: true,
    a: 'V*',
    ok: ['timeout 30 npm test', 'nice -n 10 make -j8'],
  },
  // ---- services, logs, scheduling ----
  {
    n: 'systemctl',
    d: 'systemd (stop/restart/enable/… are the rules’ business)',
    loose: true,
    a: 'V*',
    ok: ['systemctl status docker', 'systemctl list-units', 'systemctl is-active nginx'],
  },
  {
    n: 'journalctl',
    d: 'reads the system journal',
    loose: true,
    o: '-u|--unit=V -n|--lines=V --since=V --until=V -p|--priority=V -b|--boot[=V] -o|--output=V -t|--identifier=V -D|--directory=R --file=R -g|--grep=V --vacuum-size=V --vacuum-time=V --rotate --flush',
    x: 'journalctl',
    ok: ['journalctl -u docker --since today', 'journalctl -b -1 -n 50'],
  },
  {
    n: 'service launchctl rc-service sv',
    d: 'services (stops and restarts are the rules’ business)',
    loose: true,
    a: 'V*',
    ok: ['service --status-all', 'launchctl list'],
  },
  { n: 'crontab', d: 'the cron table (anything but -l is the rules’ business)', loose: true, a: 'V*', ok: ['crontab -l'] },
  {
    n: 'at batch',
    d: 'schedules a command to run later (the command comes from the input or -f)',
    loose: true,
    o: '-f=X -q=V -t=V -M -m -v -l -d -r -c=V',
    x: 'at',
    ok: ['at -l'],
  },
  { n: 'atq atrm', d: 'lists or removes scheduled jobs', loose: true, a: 'V*', ok: ['atq'] },
  { n: 'logger', d: 'writes to the system log', loose: true, o: '-f|--file=R -t|--tag=V -p|--priority=V', a: 'V*', ok: ['logger "deploy done"'] },
  { n: 'dmesg', d: 'kernel messages', loose: true, a: 'V*', ok: ['dmesg | tail'] },
  // ---- system packages (installing needs root, which sudo already asks for) ----
  {
    n: 'brew',
    d: 'the Homebrew package manager',
    loose: true,
    sub: {
      'install uninstall remove rm reinstall upgrade update list ls info search outdated doctor deps uses leaves cleanup config home --prefix --cellar --cache --version link unlink pin unpin tap untap autoremove fetch desc options missing cask bundle services shellenv':
        { n: '', d: 'packages', a: 'V*' },
      '': { n: '', d: 'brew alone', a: '' },
    },
    ok: ['brew list', 'brew install jq', 'brew info node'],
  },
  {
    n: 'apt apt-get apt-cache dpkg dpkg-query yum dnf rpm zypper pacman apk emerge snap flatpak port pkg nix-env guix choco winget scoop',
    d: 'system package managers',
    loose: true,
    a: 'V*',
    ok: ['apt list --installed', 'apt-cache policy git', 'dpkg -l | grep ssl', 'rpm -qa'],
  },
  { n: 'nix nix-build nix-instantiate nix-store', d: 'the Nix package manager', loose: true, a: '?*', ok: ['nix --version', 'nix flake show'] },
  {
    n: 'nix-shell nix-develop',
    d: 'Nix shells (--run and --command run shell code)',
    loose: true,
    o: '--run=S --command=S -p|--packages=V -A|--attr=V -I=V --pure',
    ok: ["nix-shell -p jq --run 'jq --version'"],
    a: '?*',
  },
  {
    n: 'asdf mise rtx pyenv rbenv jenv sdk goenv tfenv',
    d: 'version managers (exec is the unwrapper’s)',
    loose: true,
    a: 'V*',
    ok: ['pyenv versions', 'asdf current', 'mise ls'],
  },
  { n: 'direnv', d: 'direnv (allow lets the .envrc run; exec is the unwrapper’s)', loose: true, x: 'direnv', ok: ['direnv status'] },
  // ---- terminals and process managers ----
  {
    n: 'tmux',
    d: 'terminal multiplexer: new-session, split-window, send-keys and run-shell run commands',
    loose: true,
    x: 'tmux',
    ok: ['tmux ls', 'tmux list-sessions', 'tmux attach -t dev'],
  },
  { n: 'screen', d: 'terminal multiplexer: -dm runs a command; -X stuff types into a shell', loose: true, x: 'screen', ok: ['screen -ls'] },
  {
    n: 'pm2',
    d: 'Node process manager (start runs a script; kill/delete are the rules’ business)',
    loose: true,
    sub: {
      start: { n: 'start', d: 'starts a script', o: '--name=V -i|--instances=V --interpreter=X --cwd=C --log=W -o|--output=W -e|--error=W', a: 'X? ?*' },
      'list ls l status logs monit describe show info jlist prettylist ping save resurrect stop restart reload delete del kill flush startup unstartup update env':
        { n: '', d: 'processes', a: 'V*' },
    },
    ok: ['pm2 list', 'pm2 logs api'],
  },
  {
    n: 'supervisorctl forever foreman honcho overmind',
    d: 'process managers (Procfile decides what runs)',
    loose: true,
    runs: ['Procfile'],
    a: 'V*',
    ok: ['supervisorctl status'],
  },
  {
    n: 'chokidar onchange',
    d: 'reruns a command on changes (-c is a shell command)',
    loose: true,
    o: '-c|--command=S -d|--debounce=V -t|--throttle=V --initial -p|--polling -i|--ignore=P',
    a: 'P*',
    ok: ['chokidar "src/**" -c "npm test"'],
  },
  {
    n: 'script',
    d: 'records a terminal session (-c runs a command; the unwrapper)',
    loose: true,
    o: '-c|--command=S -a -q -f',
    a: 'W?',
    ok: ['script -q /dev/null'],
  },
  { n: 'open xdg-open gio-open start', d: 'opens a file or URL with the desktop’s default application', loose: true, x: 'open' },
  { n: 'notify-send osascript-notify say afplay paplay aplay', d: 'notifications and sounds', loose: true, a: 'V*', ok: ['notify-send done'] },
  { n: 'pbcopy xclip xsel wl-copy pbpaste wl-paste', d: 'the clipboard', loose: true, a: 'V*', ok: ['pbcopy < README.md'] },
  {
    n: 'gio trash-put trash del-cli premove rimraf shred-dir',
    d: 'deleters (the rules’ business)',
    loose: true,
    a: 'D*',
    eff: ['trash-put .env => delete .env'],
  },
];
