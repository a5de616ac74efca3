// Credential files pasted into another text: a PuTTY key file (.ppk) in a README or a wiki page, .pgpass lines
// written by a script's heredoc or `echo … >> ~/.pgpass`. The structure rules (structure.ts) read these files when
// the text IS one (sniff.ts looks at its head); pasted after a sentence or inside a script they were shown whole.
// Threat: the `Private-Lines` body and `Private-MAC` of a key file, a .pgpass line's password, each verbatim.
// Cost: each form runs only when its literal (`Private-Lines:`, `pgpass`) is in the text (the pre-scan's gate pass).
import { isPlaceholder, isReference, isVariableLed } from '../entropy';
import { B64, HEX, PASSWORD_CHARS, rand } from '../samples';
import { KIND, sniff } from '../sniff';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holds, registerGates } from './gates';
import { push } from './form-scan';
import { lineOfPos, lineText } from './structure';

const PPK_GATE = 'Private-Lines:';
const PPK_HEAD = 'PuTTY-User-Key-File-';
const PGPASS_GATES = ['pgpass', 'PGPASS'];
registerGates([PPK_GATE, PPK_HEAD, ...PGPASS_GATES]);

/** `Private-Lines: N` after blanks or a quote's `>` (Markdown), then the N lines of the key. */
const PRIVATE_LINES = /^[ \t>]*Private-Lines:[ \t]*(\d{1,4})[ \t]*\r?$/dgm;
/** The MAC over the key (v2/v3) or its hash (v1): keyed by the passphrase, an offline oracle for guessing it. */
const PRIVATE_MAC = /^[ \t>]*Private-(?:MAC|Hash):[ \t]*([0-9a-fA-F]{40,64})[ \t]*\r?$/dgm;

function embeddedPpk(text: string, index: LineIndex, out: BlockOutput, own: boolean): void {
  const starts = index.starts();
  PRIVATE_LINES.lastIndex = 0;
  for (let m = PRIVATE_LINES.exec(text); m !== null; m = PRIVATE_LINES.exec(text)) {
    if (own && m[0].startsWith('P')) continue;
    const first = lineOfPos(starts, m.index) + 1;
    for (let li = first; li < first + Number(m[1]) && li < starts.length; li++) {
      const t = /[A-Za-z0-9+/=]{8,}/.exec(lineText(text, starts, li));
      if (t === null) break;
      push(text, index, out, starts[li]! + t.index, starts[li]! + t.index + t[0].length, EMBEDDED_PPK, 0);
      out.protect.add(li);
    }
  }
  PRIVATE_MAC.lastIndex = 0;
  for (let m = PRIVATE_MAC.exec(text); m !== null; m = PRIVATE_MAC.exec(text)) {
    if (own && m[0].startsWith('P')) continue;
    const [s, e] = m.indices![1]!;
    push(text, index, out, s, e, EMBEDDED_PPK, 0);
  }
}

/** A .pgpass line `host:port:database:user:password` (port digits or `*`), alone or in quotes (`echo "…" >> ~/.pgpass`). */
const PGPASS_LINE =
  /^[ \t]*(?:(?:echo|printf)[ \t]+(?:-[ne]+[ \t]+)?)?["']?(?:[^:\s\\"']|\\.)+:(?:\d{1,5}|\*):(?:[^:\s\\"']|\\.)+:(?:[^:\s\\"']|\\.)+:((?:[^\s\\"']|\\.)+)/dgm;

function embeddedPgpass(text: string, index: LineIndex, out: BlockOutput): void {
  PGPASS_LINE.lastIndex = 0;
  for (let m = PGPASS_LINE.exec(text); m !== null; m = PGPASS_LINE.exec(text)) {
    const v = m[1]!;
    if (v.length < 4 || isReference(v) || isPlaceholder(v) || isVariableLed(v)) continue;
    const [s, e] = m.indices![1]!;
    push(text, index, out, s, e, EMBEDDED_PGPASS, 1.5);
  }
}

const sample = () => {
  const priv = [rand(B64, 64, 0xf15b01), rand(B64, 64, 0xf15b02), rand(B64, 28, 0xf15b03)];
  const mac = rand(HEX, 64, 0xf15b04);
  const p = ['Q7' + rand(PASSWORD_CHARS.replace(/[!#*^~%]/g, ''), 14, 0xf15b05), 'Z9' + rand(PASSWORD_CHARS.replace(/[!#*^~%]/g, ''), 14, 0xf15b06)];
  const ppk = [
    'PuTTY-User-Key-File-3: ssh-rsa',
    'Encryption: none',
    'Comment: deploy',
    'Public-Lines: 1',
    rand(B64, 64, 0xf15b07),
    'Private-Lines: 3',
    ...priv,
    'Private-MAC: ' + mac,
  ];
  return {
    ppk: {
      truePositives: [
        { text: ['Paste this into PuTTYgen:', ...ppk, ''].join('\n'), secrets: [...priv, mac] },
        { text: ['## Deploy key', '', ...ppk.map((l) => '    ' + l), ''].join('\r\n'), secrets: [...priv, mac] },
      ],
      falsePositives: ['Paste your key:\nPuTTY-User-Key-File-3: ssh-rsa\nPrivate-Lines: N\n(the key lines)\n'],
    },
    pgpass: {
      truePositives: [
        { text: `cat > "$HOME/.pgpass" <<EOF\ndb.internal:5432:shop:app:${p[0]}\nEOF\nchmod 600 ~/.pgpass\n`, secrets: [p[0]!] },
        { text: `echo "*:*:*:replicator:${p[1]}" >> ~/.pgpass\n`, secrets: [p[1]!] },
      ],
      falsePositives: [
        'cat > ~/.pgpass <<EOF\ndb.internal:5432:shop:app:${PGPASSWORD}\nlocalhost:5432:*:postgres:changeme\nEOF\n',
        'export PGPASSFILE=~/.pgpass\nlog: 2024-01-01 12:30:45 started\n',
      ],
    },
  };
};

const EMBEDDED_PPK = 'embedded-putty-key';
const EMBEDDED_PGPASS = 'embedded-pgpass-password';

export const embeddedPuttyKey: BlockRule = {
  id: EMBEDDED_PPK,
  description: 'A PuTTY key file (.ppk) inside another text (a README, a wiki page): the Private-Lines body and the Private-MAC',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    if (!holds(text, PPK_GATE) || !holds(text, PPK_HEAD)) return;
    // Where the text is read as a key file, its own rule (structure.ts) reads the unindented lines.
    embeddedPpk(text, index, out, (sniff(text) & KIND.ppk) !== 0);
  },
  samples: () => sample().ppk,
};

export const embeddedPgpassLine: BlockRule = {
  id: EMBEDDED_PGPASS,
  description: '.pgpass lines inside another text (a script writing ~/.pgpass by a heredoc or echo): the password field',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    if (!PGPASS_GATES.some((g) => holds(text, g))) return;
    if ((sniff(text) & KIND.pgpass) === 0) embeddedPgpass(text, index, out);
  },
  samples: () => sample().pgpass,
};
