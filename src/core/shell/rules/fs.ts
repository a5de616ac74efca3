// Overwrites, truncation and writes where an agent has no business: outside the workspace, credentials,
// VCS internals, raw disks, permission trees.
import { inScratch, inTmp, inWorkspace, isCredential, isHarmlessSink, isVcsInternal, likelyExists, normalize } from '../fsfacts';
import { has, parseOpts } from '../options';
import { credentialStore } from '../pathjudge';
import type { Rule } from './types';
import { O, named } from './util';

// fs.disk runs on every sub-command: its regexes are module constants (a regex literal in a function body is a
// new RegExp object every time it is evaluated).
const DISK_TOOLS = /^(mkfs(\..*)?|mke2fs|mkswap|fdisk|sfdisk|cfdisk|gdisk|sgdisk|parted|wipefs|blkdiscard|mkntfs|newfs(_.*)?|format)$/;
const RAW_DEVICE = /^\/dev\/(sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk|loop|md|dm-|mapper\/)/;

// Option specs are module constants: parseOpts indexes each spec once (options.ts).
const CHMOD_OPTS = [
  O('R', 'R', ['recursive']),
  O('x', 'fvchHLP', ['changes', 'silent', 'quiet', 'verbose', 'dereference', 'no-dereference', 'reference', 'from', 'preserve-root', 'no-preserve-root']),
];

const TEE_OPTS = [O('a', 'a', ['append']), O('x', 'ip', ['ignore-interrupts', 'output-error'])];

/** Writers that replace the file at the destination (a rename or a new link), not write into it. */
const REPLACES_NODE = /^(mv|ln)\b/;
const SETUID_MODE = /(^|,)[ugoa]*[+=][rwxXt]*s|^[0-7]?[4267][0-7]{3}$/;

export const fsRules: Rule[] = [
  {
    id: 'fs.truncate',
    description: 'Empties a file: `: > f`, `> f`, `cat /dev/null > f`, `cp /dev/null f`, `truncate -s 0 f`.',
    examples: {
      destructive: [
        ': > package.json',
        'cat /dev/null > app.log',
        'truncate -s 0 src/app.ts',
        'cp /dev/null README.md',
        '> CHANGELOG.md',
        'find . -type f -exec truncate -s 0 {} +',
        'true > config/local.json',
      ],
      benign: ['echo hi >> app.log', 'truncate -s 10M /tmp/sparse.img', 'cat package.json > /dev/null', ': > /tmp/new-scratch.txt'],
    },
    concerns: { name: (n) => n === 'truncate', effects: true },
    check(s, ctx) {
      if (named(s, 'truncate')) {
        const d = s.words.slice(1).find((w) => w.value === null || w.glob);
        if (d) return `truncate resizes ${d.fromInput ? 'files read from input' : d.text + ', only known at run time'}`;
      }
      for (const e of ctx.effectsOf(s)) {
        if (e.op !== 'write' || e.append) continue;
        const probed = ctx.env.exists?.(e.path);
        if (e.contentless) {
          if (probed === false || (probed === undefined && inScratch(e.path, ctx.env))) continue;
          return `${e.how} empties ${e.path}`;
        }
        if (e.how === 'truncate' && likelyExists(e.path, ctx.env)) return `truncate resizes existing ${e.path}`;
      }
      return undefined;
    },
  },
  {
    id: 'fs.overwrite',
    description: 'Replaces an existing file: `> f`, `tee f`, `cp x f`, `mv [-f] x f`, `ln -sf x f`, `dd of=f` onto a file that exists.',
    examples: {
      destructive: [
        'echo "{}" > package.json',
        'tar cf package.json src',
        'mv -f config.new.json package.json',
        'ln -sf /dev/null package.json',
        'cp README.md src/app.ts',
        'dd if=/dev/zero of=app.db bs=1k count=1 conv=notrunc',
        'curl -s https://example.com/x | tee package.json',
      ],
      benign: [
        'cp src/app.ts src/app.backup.ts',
        'echo "- fix" >> CHANGELOG.md',
        'echo "- fix" | tee -a CHANGELOG.md',
        'npm test > /tmp/test-output.log 2>&1',
        'ln -s ../src src-link',
        'mv src/old-name.ts src/new-name.ts',
      ],
    },
    concerns: { name: (n) => n === 'unzip', effects: true },
    check(s, ctx) {
      // unzip -o into a folder that does not exist yet has nothing to overwrite (`unzip -o x.zip -d /tmp/new`).
      if (
        named(s, 'unzip') &&
        s.words.some((w) => w.value !== null && /^-[a-zA-Z]*o/.test(w.value)) &&
        !ctx.effectsOf(s).some((e) => e.op === 'write' && e.into && ctx.env.exists?.(e.path) === false)
      )
        return 'unzip -o overwrites existing files without asking';
      for (const e of ctx.effectsOf(s)) {
        // A write that creates or replaces one file (not an append, an in-place edit, a tree, or an extraction).
        if (e.op !== 'write' || e.append || e.contentless || e.recursive || e.into || e.glob || e.how === 'truncate') continue;
        if (!inWorkspace(e.path, ctx.env) && !inTmp(e.path)) continue; // fs.outside-workspace says it better
        if (likelyExists(e.path, ctx.env)) return `${e.how} replaces the existing ${e.path}`;
      }
      return undefined;
    },
  },
  {
    id: 'fs.outside-workspace',
    description: 'Writes, deletes or renames a file outside the workspace (and outside /tmp): shell profiles, system files, other projects.',
    examples: {
      destructive: [
        'cat /dev/null > ~/.bash_history',
        'echo "alias ls=rm" >> ~/.bashrc',
        'rm /etc/hosts',
        'cp evil.sh /usr/local/bin/git',
        'echo b | tee /proc/sysrq-trigger',
        'mv build ~/old-build',
        'mv src/app.ts /dev/null',
        'ln -sf src/app.ts /dev/null',
      ],
      benign: [
        'rm -f /tmp/agent-output.log',
        'cat ~/.bashrc',
        'cp -r src /tmp/src-backup',
        'ls > /dev/null',
        'cp src/app.ts /dev/null',
        'tee /dev/null < src/app.ts',
      ],
    },
    concerns: { name: () => false, effects: true },
    check(s, ctx) {
      for (const e of ctx.effectsOf(s)) {
        if (e.op !== 'write' && e.op !== 'delete' && e.op !== 'rename') continue;
        // Output poured into /dev/null is discarded; `mv x /dev/null` and `ln -sf x /dev/null` replace the device
        // itself (as root: every later `> /dev/null` on the machine writes a file).
        if (isHarmlessSink(e.path) && !REPLACES_NODE.test(e.how)) continue;
        if (inWorkspace(e.path, ctx.env) || inTmp(e.path)) continue;
        return `${e.how} ${e.op === 'write' ? 'writes' : e.op === 'delete' ? 'deletes' : 'moves'} ${normalize(e.path)}, outside the workspace`;
      }
      return undefined;
    },
  },
  {
    id: 'fs.protected',
    description: 'Writes or deletes a credential file (.env, keys, cloud credentials) or a VCS internal (.git/…).',
    examples: {
      destructive: ['rm .env', 'cp .env.example .env', 'echo x > .git/HEAD', 'rm -f .git/index', 'mv id_rsa /tmp/k'],
      benign: ['cat .env.example', 'cp .env.example /tmp/env-template', 'git status'],
    },
    concerns: { name: () => false, effects: true },
    check(s, ctx) {
      for (const e of ctx.effectsOf(s)) {
        if (e.op !== 'write' && e.op !== 'delete' && e.op !== 'rename') continue;
        const n = normalize(e.path);
        // A new file named like a key, outside the workspace and every credential store, where nothing is on disk
        // now (`openssl req -newkey … -keyout /tmp/k.key`): no one's credential is overwritten (the path rules agree).
        if (e.op === 'write' && !inWorkspace(n, ctx.env) && ctx.env.exists?.(n) === false && credentialStore(n, ctx.env.home) === n) continue;
        if (isCredential(n)) return `${e.how} ${e.op === 'write' ? 'overwrites' : 'removes'} the credential file ${n}`;
        if (isVcsInternal(n)) return `${e.how} modifies the VCS internal ${n}`;
      }
      return undefined;
    },
  },
  {
    id: 'fs.disk',
    description: 'Writes a raw block device or rebuilds a filesystem (dd of=/dev/sdX, mkfs, fdisk, wipefs, diskutil erase).',
    examples: {
      destructive: [
        'dd if=ubuntu.iso of=/dev/disk2 bs=4m',
        'mkfs.ext4 /dev/sdb1',
        'wipefs -a /dev/sda',
        'diskutil eraseDisk APFS X disk2',
        'cat x.img > /dev/sda',
      ],
      benign: ['dd if=/dev/zero of=/tmp/test.img bs=1M count=10', 'lsblk', 'df -h', 'diskutil list'],
    },
    concerns: { name: (n) => n !== null && (DISK_TOOLS.test(n) || n === 'diskutil'), effects: true },
    check(s, ctx) {
      if (s.name && DISK_TOOLS.test(s.name)) {
        return `${s.name} rewrites a disk or filesystem`;
      }
      if (named(s, 'diskutil') && s.words.some((w) => w.value !== null && /^(erase|zero|secureErase|partition|reformat|apfs)/i.test(w.value)))
        return 'diskutil erases or repartitions a disk';
      for (const e of ctx.effectsOf(s)) {
        if (e.op === 'write' && RAW_DEVICE.test(normalize(e.path))) return `${e.how} writes the raw device ${e.path}`;
      }
      return undefined;
    },
  },
  {
    id: 'fs.permissions',
    names: ['chmod', 'chown', 'chgrp', 'chattr', 'setfacl', 'install'],
    description: 'Changes ownership or permissions of a tree, of files outside the workspace, or sets setuid bits (chmod, or install -m).',
    examples: {
      destructive: [
        'chmod -R 000 ~',
        'chown -R dev src',
        'chmod u+s /bin/bash',
        'chmod -R 777 .',
        'chmod 4755 ./tool',
        'install -m 6755 dist/tool /tmp/t',
        'install --mode=u+s x /tmp/y',
      ],
      benign: ['chmod +x scripts/build.sh', 'chmod 644 README.md', 'ls -l'],
    },
    check(s, ctx) {
      if (named(s, 'install')) {
        const ws = s.words;
        for (let i = 1; i < ws.length; i++) {
          const v = ws[i].value;
          if (v === null) continue;
          const m = v === '-m' || v === '--mode' ? ws[i + 1]?.value : /^(-m|--mode=)(.+)$/.exec(v)?.[2];
          if (m === null) return 'install -m with a mode only known at run time';
          if (m !== undefined && SETUID_MODE.test(m)) return `install -m ${m} sets a setuid/setgid bit`;
        }
        return undefined;
      }
      if (!named(s, 'chmod', 'chown', 'chgrp', 'chattr', 'setfacl')) return undefined;
      const p = parseOpts(s.words.slice(1), CHMOD_OPTS);
      const ps = p.positional;
      const mode = ps[0]?.value ?? '';
      if (named(s, 'chmod') && SETUID_MODE.test(mode)) return `chmod ${mode} sets a setuid/setgid bit`;
      const targets = ps.slice(1);
      const rec = has(p, 'R');
      if (rec && (named(s, 'chown', 'chgrp') || targets.some((t) => t.value === null))) return `${s.name} -R rewrites ownership or permissions of a tree`;
      if (rec) {
        for (const t of targets) {
          const v = t.path ?? t.value ?? '';
          const abs = v.startsWith('/') ? v : `${s.cwd ?? ctx.env.cwd}/${v}`;
          if (!inWorkspace(abs, ctx.env) || normalize(abs) === normalize(ctx.env.workspace)) return `${s.name} -R on ${t.text} changes a whole tree`;
        }
      }
      return undefined;
    },
  },
  {
    id: 'fs.overwrite-many',
    names: ['tee'],
    description:
      'tee onto files a glob or a run-time list picks (tee src/*.ts, tee $(find src -name "*.ts")): every existing file it names is truncated, and the reviewer cannot see which. -a appends.',
    examples: {
      destructive: ['echo x | tee src/*.ts', "printf '' | tee -- src/*.ts", "tee < /dev/null $(find src -name '*.ts')"],
      benign: ['echo x | tee -a src/*.ts', 'npm test | tee /tmp/test.log', 'echo x | tee /tmp/*.log', 'echo x | tee new-file.txt'],
    },
    check(s, ctx) {
      if (!named(s, 'tee')) return undefined;
      const p = parseOpts(s.words.slice(1), TEE_OPTS);
      if (has(p, 'a')) return undefined;
      for (const w of p.positional) {
        if (w.value === null) return `tee ${w.text}: the files it truncates are only known at run time`;
        if (!w.glob) continue;
        const v = w.value;
        const abs = normalize(v.startsWith('/') ? v : `${s.cwd ?? ctx.env.cwd}/${v}`);
        if (inScratch(abs, ctx.env) || isHarmlessSink(abs)) continue;
        return `tee ${w.text}: truncates every existing file the glob matches`;
      }
      return undefined;
    },
  },
  {
    id: 'fs.build-clean',
    names: ['webpack', 'webpack-cli', 'vite', 'tsup', 'swc', 'babel', 'ng', 'vue-cli-service', 'rspack', 'rsbuild', 'farm'],
    description:
      'A bundler told to empty its output folder before it writes (webpack --output-clean, vite --emptyOutDir, tsup --clean, swc/babel --delete-dir-on-start, ng --delete-output-path): a recursive delete of that folder, whatever it is (`--output-path src`).',
    examples: {
      destructive: [
        'npx webpack --output-path src --output-clean',
        'webpack --output-clean',
        'npx vite build --emptyOutDir --outDir src',
        'vite build --outDir ../shared --emptyOutDir true',
        'npx tsup src/index.ts --clean',
        'swc src -d lib --delete-dir-on-start',
        'babel src --out-dir lib --delete-dir-on-start',
        'ng build --delete-output-path',
        'rspack build --output-clean',
      ],
      benign: [
        'npx webpack --mode production',
        'vite build',
        'npx vite build --emptyOutDir false',
        'vite build --no-emptyOutDir',
        'tsup src/index.ts --dts',
        'swc src -d lib',
        'ng build --delete-output-path=false',
        'webpack --no-output-clean',
      ],
    },
    check(s) {
      const ws = s.words;
      for (let i = 1; i < ws.length; i++) {
        const v = ws[i].value;
        if (v === null || v === '--') continue;
        const m = /^--(output-clean|emptyOutDir|empty-out-dir|clean|delete-dir-on-start|delete-output-path|deleteOutputPath)(?:=(.*))?$/.exec(v);
        if (!m) continue;
        // `--emptyOutDir false`, `--delete-output-path=false`: told not to.
        const val = m[2] ?? (ws[i + 1]?.value === 'false' || ws[i + 1]?.value === 'true' ? ws[i + 1].value : undefined);
        if (val === 'false' || val === '0') continue;
        if (m[1] === 'clean' && s.name !== 'tsup') continue;
        return `${s.name} ${v} deletes its output folder recursively before it writes`;
      }
      return undefined;
    },
  },
];
