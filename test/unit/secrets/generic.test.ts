// The generic rule parses an assignment in two steps (names first, a secret name's value second); the
// split must read every assignment exactly as the single ASSIGN regex does: same name, operator,
// value, value start and quoting. Compared on the rule samples, the corpus sample and seeded mixes.
import assert from 'node:assert/strict';
import { isMnemonic, isNamedPhrase } from '../../../src/core/secrets/bip39';
import { isCodeValue, isNamedConstant, isTypedParameter } from '../../../src/core/secrets/code-value';
import { isPlaceholder, isReference, randomPartOk, valueLooksSecret } from '../../../src/core/secrets/entropy';
import { classifyName } from '../../../src/core/secrets/names';
import {
  ASSIGN,
  ASSIGN_VALUE,
  LINE_START_PREFIX,
  assignmentAt,
  assignmentHeads,
  endsAsCode,
  genericAssignment,
  xmlSecret,
  headFrom,
  headFromRegex,
  literalInside,
  lineStartPrefix,
  copiesMember,
  namesItself,
  startsAsSetter,
  unquotedEnd,
  yamlEnd,
} from '../../../src/core/secrets/rules/generic';
import { prng } from '../../../src/core/secrets/samples';
import { shellCommandSubstitution, storedSecretName } from '../../../src/core/secrets/rules/references';
import type { Hit } from '../../../src/core/secrets/types';
import { sampleAndCorpusLines } from './helpers';

function viaAssign(line: string, at: number) {
  ASSIGN.lastIndex = at;
  const m = ASSIGN.exec(line)!;
  assert.equal(m.index, at, 'ASSIGN finds its match where the head starts');
  // Groups 4–9 are the quoted branches (triple " and ', ", ', `, \"), 10 the unquoted rest.
  let group = 4;
  while (group <= 10 && m[group] === undefined) group++;
  return {
    name: m[1],
    nameStart: m.indices![1]![0],
    op: m[3],
    opEnd: m.indices![3]![1],
    value: m[group] ?? '',
    start: m.indices![group]![0],
    quoted: group < 10,
  };
}

/** Which of ASSIGN's value branches read the assignment at `at` (4–9 quoted, 10 unquoted). */
function valueBranch(line: string, at: number): number {
  ASSIGN.lastIndex = at;
  const m = ASSIGN.exec(line)!;
  let group = 4;
  while (group <= 10 && m[group] === undefined) group++;
  return group;
}

function assertSameParse(line: string): number {
  // The operator-driven head finder answers as ASSIGN_NAME from every starting point (the rule goes on
  // after an operator, or after a value, which may end anywhere).
  for (let from = 0; from <= line.length; from++) assert.deepEqual(headFrom(line, from), headFromRegex(line, from), `${JSON.stringify(line)} from ${from}`);
  const heads = assignmentHeads(line);
  for (const h of heads) assert.deepEqual(assignmentAt(line, h), viaAssign(line, h.index), JSON.stringify(line));
  // The rule carries the operator positions from head to head and goes on after a value, which may
  // end anywhere: the same heads as ASSIGN_NAME run from each such point.
  for (const seed of [1, 2, 3]) {
    const r = prng(seed * 7919 + line.length);
    const jumps: number[] = [];
    const jump = (h: { opEnd: number }) => {
      const j = h.opEnd + (r() < 0.4 ? 0 : Math.floor(r() * (line.length - h.opEnd + 2)));
      jumps.push(j);
      return j;
    };
    const got = assignmentHeads(line, jump);
    const want = [];
    for (let h = headFromRegex(line, 0), k = 0; h !== null; h = headFromRegex(line, Math.max(jumps[k++] ?? Infinity, h.opEnd))) want.push(h);
    assert.deepEqual(got, want, `${JSON.stringify(line)} going on at ${jumps}`);
  }
  return heads.length;
}

describe('generic rule: assignment parsing', () => {
  it('reads every assignment of the rule samples and the corpus sample as ASSIGN does', () => {
    let n = 0;
    for (const line of sampleAndCorpusLines()) n += assertSameParse(line);
    assert.ok(n > 300, `only ${n} assignments`);
  });

  it('reads every assignment of 3,000 seeded mixes as ASSIGN does (quotes, escapes, blanks, dashes)', () => {
    const parts = [
      'password',
      'api_key',
      '--token',
      '-p',
      'x',
      '$db',
      'a.b',
      ' ',
      '\t',
      '=',
      ':',
      ':=',
      '=>',
      '==',
      '://',
      '"',
      "'",
      '`',
      ']',
      '\\"',
      '\\',
      'abc123',
      '#',
      ',',
      ';',
      '\r',
      'é',
      '---x',
      '-',
      '9',
      '_',
      '$',
      '.',
      '::',
      ':/',
      '=:',
      '"]',
      ']"',
      '[',
      'K',
      '\n',
      '\u2028',
      '\u2029',
      '\\\u2028',
      // string prefixes, triple quotes and `''`
      'b',
      'u',
      'U',
      'r',
      '"""',
      "'''",
      "''",
      'b"',
      "r'",
      "u'",
      '\\"',
      '\\"',
    ];
    const r = prng(11);
    let n = 0;
    // Escapes at the edges of a line break: a backslash cannot take \r, \n, U+2028 or U+2029.
    for (const t of ['\r', '\n', '\u2028', '\u2029', '"', '\\', 'x', '']) for (const q of ['"', "'", '`']) n += assertSameParse(`k=${q}a\\${t}b${q} c`);
    for (let k = 0; k < 3000; k++) {
      let line = '';
      for (let i = 0, len = 1 + Math.floor(r() * 14); i < len; i++) line += parts[Math.floor(r() * parts.length)];
      n += assertSameParse(line);
    }
    assert.ok(n > 500, `only ${n} assignments`);
  });
});

describe('namesItself (a value that spells its key: an enum, not a secret)', () => {
  const reference = (value: string, name: string) => value.replace(/[^A-Za-z0-9]/g, '').toLowerCase() === name.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  it('answers as the letters-and-digits comparison, case aside', () => {
    assert.equal(namesItself('msi-secret', 'MSI_SECRET'), true);
    assert.equal(namesItself('MSI_SECRET', 'MSI_SECRETS'), false);
    assert.equal(namesItself('', '--'), true);
    assert.equal(namesItself('Кsecret', 'secret'), true, 'non-ASCII letters are not letters here, as in [^A-Za-z0-9]');
    const r = prng(11);
    const pool = 'aAbB09_-. @[`{\u00e9\u212a';
    for (let k = 0; k < 20000; k++) {
      const pick = (n: number) => Array.from({ length: n }, () => pool[Math.floor(r() * pool.length)]).join('');
      const name = pick(Math.floor(r() * 6));
      // often a respelling of the name, so that true answers are common
      const value = r() < 0.5 ? name.replace(/./g, (c) => (r() < 0.2 ? pick(1) : r() < 0.5 ? c.toUpperCase() : c)) : pick(Math.floor(r() * 6));
      assert.equal(namesItself(value, name), reference(value, name), JSON.stringify([value, name]));
    }
  });
});

/** The rule's scan as it was written with regexes (the definition the hand-written one is compared with). */
const PROSE = new Set(
  (
    'enter your the a an to for of and or is be are please type here password passphrase passwd secret key token change me set not ' +
    'required optional none empty default value see use this that with must should will new old confirm repeat again field label hint ' +
    'placeholder example sample test dummy my our from in on at by it its you we if no yes invalid incorrect wrong missing expired ' +
    'characters least long short too strong weak forgot reset'
  ).split(' '),
);

/** Where a value that stopped at a `,` ends, read by regexes: the run after the comma to the format's delimiter. */
function commaRunEnd(line: string, comma: number, before: string): number {
  const query = before === '?' || before === '&';
  if (!query && before !== ';' && before !== ' ' && before !== '\t') return comma;
  if (/^[ \t]*[A-Za-z_][\w.-]*[ \t]*[=:]/.test(line.slice(comma + 1, comma + 65))) return comma;
  const rest = line.slice(comma + 1);
  const run = (query ? /^[^\s"'`;&#()[\]{}<>]*/ : /^[^\s"'`;()[\]{}<>]*/).exec(rest)![0];
  if (/^[()[\]{}<>]/.test(rest.slice(run.length))) return comma;
  return run.length > 0 ? comma + 1 + run.length : comma;
}

function genericScanDef(line: string, out: Hit[]): void {
  const cut = (value: string, lineStartYaml: boolean, query: boolean): string => {
    if (lineStartYaml) {
      const hash = value.search(/\s#/);
      return (hash >= 0 ? value.slice(0, hash) : value).replace(/\s+$/, '');
    }
    const i = value.search(query ? /[\s&#"'`,;<>)}\]]/ : /[\s"'`,;<>)}\]]/);
    return i >= 0 ? value.slice(0, i) : value;
  };
  let from = 0;
  for (let head = headFromRegex(line, from); head !== null; head = headFromRegex(line, from)) {
    from = head.opEnd;
    const strength = classifyName(head.name);
    if (head.op === ':' && line[head.index - 1] === ':' && head.opEnd < line.length && !/^\s/.test(line.slice(head.opEnd))) continue;
    // A string ending in a colon (`"Password:"`): no key.
    const h0 = viaAssign(line, head.index);
    if (
      h0.op === ':' &&
      h0.opEnd === h0.nameStart + h0.name!.length + 1 &&
      /["'`]/.test(line[h0.nameStart - 1] ?? '') &&
      line[h0.opEnd] === line[h0.nameStart - 1]
    )
      continue;
    // A recovery phrase under its name, unquoted: the rest of the line (a ` #` comment and trailing `;`/`,` aside).
    if (/(?:mnemonic|seed|(?:recovery|secret|backup|wallet)[_.-]?(?:phrase|words))$/i.test(head.name)) {
      const s = head.opEnd + /^[\s\u00a0]*/.exec(line.slice(head.opEnd))![0].length;
      if (!/^["'`]/.test(line.slice(s))) {
        const hash = line.indexOf(' #', s);
        let e = hash < 0 ? line.length : hash;
        while (e > s && /[\s\u00a0;,]/.test(line[e - 1]!)) e--;
        if (e - s >= 36 && isNamedPhrase(line.slice(s, e))) {
          out.push({ start: s, end: e, rule: 'generic-secret', priority: 2 });
          from = line.length;
          continue;
        }
      }
    }
    if (strength === null) {
      // A name ending in `seed`: only a recovery phrase (the quoted value, or the rest of the line) is secret.
      // Or 32 or 64 bytes of hex, alone or in a literal a call wraps (`hex!("…")`).
      if (head.name.length >= 4 && /seed(?:[_.-]?(?:hex|bytes|b64|base64))?$/i.test(head.name)) {
        let v = viaAssign(line, head.index);
        if (!v.quoted) {
          const w = literalInside(line, v.start);
          if (w !== null) v = { ...v, value: line.slice(w[0], w[1]), start: w[0], quoted: true };
        }
        const text = v.quoted ? v.value : v.value.replace(/[\s]+$/, '');
        const hex = /^(?:0x)?([0-9a-fA-F]{128}|[0-9a-fA-F]{64})(?![0-9a-fA-F])/.exec(text);
        if (text.length >= 36 && isMnemonic(text)) out.push({ start: v.start, end: v.start + text.length, rule: 'generic-secret', priority: 2 });
        else if (hex !== null && randomPartOk(hex[1]!))
          out.push({ start: v.start + hex[0].length - hex[1]!.length, end: v.start + hex[0].length, rule: 'generic-secret', priority: 2 });
      }
      continue;
    }
    let a = viaAssign(line, head.index);
    const typed = a.op === ':' && !a.quoted ? /^[\w$.<>[\]|?& ']+=\s/.exec(a.value) : null;
    if (typed) {
      // The value after `=`, as ASSIGN_VALUE reads it.
      const at = a.start + typed[0].length - 1;
      const m = new RegExp(`^${ASSIGN_VALUE}`, 'd').exec(line.slice(at))!;
      let g = 1;
      while (g < 7 && m[g] === undefined) g++;
      a = { ...a, value: m[g]!, start: at + m.indices![g]![0], quoted: g < 7 };
    }
    if (!a.quoted) {
      // A literal inside a string constructor or behind a prefix (`String::from("…")`, `L"…"`, `%(…)`).
      const w = literalInside(line, a.start);
      if (w !== null) a = { ...a, value: line.slice(w[0], w[1]), start: w[0], quoted: true };
    }
    let value = a.value;
    let start = a.start;
    let asLiteral = false;
    if (!a.quoted) {
      const before = line.slice(0, a.nameStart).replace(/--?$/, '');
      const query = /[?&]$/.test(before);
      const lineStart = LINE_START_PREFIX.test(before);
      // `NAME=value` at the start of a line, no blank around `=`: literal up to the first blank.
      const literal =
        lineStart &&
        (!/^[ \t"'-]/.test(line) || /^[ \t]*-[ \t]/.test(line)) &&
        line.slice(a.nameStart + a.name.length, a.start) === '=' &&
        /^\S{0,1024}(?:\s|$)/.test(value);
      const q = value.charCodeAt(0);
      if (q === 34 || q === 39 || q === 96) {
        value = value.slice(1);
        start++;
      }
      const yaml = !typed && lineStart && a.op === ':' && !/[,;]\s*(?:\/\/.*)?$/.test(value) && !/^[\w$.<>[\]|?& ']+=\s/.test(value);
      if (literal && start === a.start) value = value.replace(/\s[^]*$/, '');
      else {
        value = cut(value, yaml, query);
        if (!yaml && a.op === '=') {
          // A form body's first value ends where `&name=` opens the next field.
          const field = query ? null : /&[A-Za-z_][\w.[\]-]*=/.exec(value);
          if (field) value = value.slice(0, field.index);
          // A comma inside a query, connection-string or CLI value is the password's own character.
          if (line[start + value.length] === ',') value = line.slice(start, commaRunEnd(line, start + value.length, before.slice(-1)));
        }
        // Grafana's `$__env{NAME}`: the brace closes the value's own, and what follows is the value's too.
        if (!yaml && line[start + value.length] === '}' && /^\$__[a-z]+\{[^\s{}]*$/.test(value))
          value = line.slice(start, start + value.length + 1) + cut(line.slice(start + value.length + 1), false, query);
      }
      asLiteral = literal && start === a.start;
      // A YAML anchor (`password: &pw value`) names the node: the value is after it.
      if (yaml && start === a.start && value.startsWith('&')) {
        const anchor = /^&\S*\s*/.exec(value)![0];
        value = value.slice(anchor.length);
        start += anchor.length;
      }
    }
    const end = start + value.length;
    from = Math.max(end, a.opEnd);
    // git's signingkey naming a GPG key (hex id) or holding an SSH public key (to the line's end) is public.
    const signing =
      a.name!.toLowerCase() === 'signingkey' &&
      (/^(?:0x)?(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{16}|[0-9A-Fa-f]{40})!?$/.test(value) ||
        isReference(
          line
            .slice(start)
            .replace(/[\r\n][^]*$/, '')
            .trim(),
        ));
    // Data, whatever the value's shape: a YAML scalar, a literal, a URL query's or a `-Dname=` property's value.
    const yamlValue =
      !a.quoted &&
      !typed &&
      LINE_START_PREFIX.test(line.slice(0, a.nameStart).replace(/--?$/, '')) &&
      a.op === ':' &&
      !/[,;]\s*(?:\/\/.*)?$/.test(a.value) &&
      !/^[\w$.<>[\]|?& ']+=\s/.test(a.value);
    const data =
      asLiteral || yamlValue || (a.op === '=' && (/[?&]$/.test(line.slice(0, a.nameStart)) || /(?:^|[\s"'])-D[\w.-]*$/.test(line.slice(0, a.nameStart))));
    // A passphrase of three to twelve lower-case words, none a word of a prompt, under a pass/passphrase name
    // (in data, words joined by `.` too, but a message key's: `auth.password.label`).
    const dotted = (a.quoted || asLiteral || yamlValue) && value.indexOf('.') > 0 && !value.includes(' ');
    const words = dotted ? value.split('.') : value.split(/[ -]/);
    const wordy =
      strength === 'strong' &&
      value.length >= 15 &&
      /pass(?:phrase|word|wd)?$|phrase$/i.test(a.name!) &&
      !(dotted && /pass|label|title|hint|error|field|form|login|auth|placeholder|message|text|prompt/i.test(value)) &&
      words.length >= 3 &&
      words.length <= 12 &&
      new Set(words).size === words.length &&
      words.every((w) => /^[a-z]{3,12}$/.test(w) && /[aeiouy]/.test(w) && !PROSE.has(w));
    const secret =
      (valueLooksSecret(value, strength, a.quoted, asLiteral, data) &&
        !namesItself(value, a.name!) &&
        !namesItself(value, a.name!.slice(a.name!.lastIndexOf('.') + 1)) &&
        (a.quoted || asLiteral || !copiesMember(value, a.name!)) &&
        !(a.op === ':' && !a.quoted && !asLiteral && !yamlValue && isTypedParameter(line, a.nameStart, value, end)) &&
        !(!a.quoted && !asLiteral && !yamlValue && isCodeValue(value)) &&
        !(a.quoted && isNamedConstant(value, (bare) => valueLooksSecret(bare, strength, a.quoted, asLiteral, data))) &&
        !(a.quoted && shellCommandSubstitution(line, a.nameStart, a.opEnd, start, end)) &&
        !storedSecretName(a.name!, value) &&
        !signing) ||
      (value.length >= 36 && isMnemonic(value)) ||
      wordy;
    if (secret) out.push({ start, end, rule: 'generic-secret', priority: 2 });
    else if (!a.quoted && value.includes('(')) from = a.opEnd;
    // A quoted value (not `\"…\"`) and the literals concatenated to it on the line: `"a" + "b"`, `'a' . 'b'`,
    // `"a" "b"`; judged joined when the first alone is not a secret, and all masked when the whole is one.
    const branch = valueBranch(line, head.index);
    if (a.quoted && !typed && branch <= 8) {
      const LIT = /^[ \t]*(?:\+|\.\.|\.|&|\|\|)?[ \t]*(?:"((?:\\.|[^"\\\r\n])*)"|'((?:''|[^'\r\n])*)'|`((?:\\.|[^`\\\r\n])*)`)/d;
      let p = end + (branch <= 5 ? 3 : 1);
      const spans: number[] = [];
      for (let m = LIT.exec(line.slice(p)); m !== null; m = LIT.exec(line.slice(p))) {
        const g = m[1] !== undefined ? 1 : m[2] !== undefined ? 2 : 3;
        spans.push(p + m.indices![g]![0], p + m.indices![g]![1]);
        p += m[0].length;
      }
      if (spans.length > 0) {
        const joined = value + spans.map((x, k) => (k % 2 === 0 ? line.slice(x, spans[k + 1]) : '')).join('');
        if (secret) for (let k = 0; k < spans.length; k += 2) out.push({ start: spans[k]!, end: spans[k + 1]!, rule: 'generic-secret', priority: 2 });
        else if (!isReference(joined) && !isPlaceholder(joined) && valueLooksSecret(joined, strength, true))
          for (const [s, e] of [[start, end], ...spans.flatMap((x, k) => (k % 2 === 0 ? [[x, spans[k + 1]!]] : []))])
            out.push({ start: s!, end: e!, rule: 'generic-secret', priority: 2 });
        // An operator or a `\` ending the line is read with them.
        const tail = /^[ \t]*(?:\+|\.\.|\.|&|\|\|)?(?:\\(?=[ \t]*$))?/.exec(line.slice(p))!;
        from = Math.max(from, p + tail[0].length);
      }
    }
  }
}

describe('generic rule: the value is cut as the regexes cut it', () => {
  it('lineStartPrefix answers as LINE_START_PREFIX on the line up to the name, for every end', () => {
    const parts = [
      ' ',
      '\t',
      '-',
      '- ',
      '-x',
      '-x ',
      'export',
      'export ',
      'ENV',
      'ENV\t',
      'ARG ',
      'set ',
      'declare',
      'declare ',
      '"',
      "'",
      '`',
      'x',
      'e',
      'S',
      'ex',
      'dec',
      '#',
      'env ',
    ];
    const r = prng(5);
    let yes = 0;
    for (let k = 0; k < 20000; k++) {
      let line = '';
      for (let i = 0, len = Math.floor(r() * 7); i < len; i++) line += parts[Math.floor(r() * parts.length)];
      line += 'KEY';
      for (let end = 0; end <= line.length; end++) {
        const want = LINE_START_PREFIX.test(line.slice(0, end));
        assert.equal(lineStartPrefix(line, end), want, `${JSON.stringify(line)} to ${end}`);
        if (want) yes++;
      }
    }
    assert.ok(yes > 20000, `only ${yes} prefixes match`);
  });

  it('unquotedEnd stops where the stop class does, for every UTF-16 code unit, in and out of a query', () => {
    for (const query of [false, true]) {
      const stop = query ? /[\s&#"'`,;<>)}\]]/ : /[\s"'`,;<>)}\]]/;
      for (let c = 0; c < 0x10000; c++) {
        const line = 'k=ab' + String.fromCharCode(c) + 'cd';
        const i = line.slice(2).search(stop);
        assert.equal(unquotedEnd(line, 2, query), i < 0 ? line.length : 2 + i, `U+${c.toString(16)} query ${query}`);
      }
    }
  });

  /** Every string of up to `max` characters of `abc`. */
  const allStrings = (abc: string[], max: number): string[] => {
    const out = [''];
    for (let i = 0; out[i] !== undefined; i++) if (out[i]!.length < max) for (const c of abc) out.push(out[i]! + c);
    return out;
  };

  it('the YAML tests by hand answer as their regexes, on every short string of the characters they read', () => {
    // Inside a line, past a head, as the rule has them (the value holds no \r or \n).
    const at = (v: string) => ['k: ' + v + '\r\n x', 3, 3 + v.length] as const;
    let code = 0,
      setter = 0,
      cut = 0;
    for (const v of allStrings([',', ';', ' ', '/', 'a', '\t', '\u00a0', '\u2028', '\u2029', '#'], 5)) {
      const want = /[,;]\s*(?:\/\/.*)?$/.test(v);
      assert.equal(endsAsCode(...at(v)), want, JSON.stringify(v));
      if (want) code++;
    }
    for (const v of allStrings(['a', '=', ' ', '\t', '$', '<', '|', '-', '\u00a0', '\u2028', '\u00e9'], 5)) {
      const want = /^[\w$.<>[\]|?& ']+=\s/.test(v);
      assert.equal(startsAsSetter(...at(v)), want, JSON.stringify(v));
      if (want) setter++;
    }
    for (const v of allStrings([' ', '#', 'a', '\t', '\u00a0', '\u3000', '\u2028', '\v', '\u0085'], 5)) {
      const hash = v.search(/\s#/);
      const want = (hash >= 0 ? v.slice(0, hash) : v).replace(/\s+$/, '').length;
      assert.equal(yamlEnd(...at(v)) - 3, want, JSON.stringify(v));
      if (want < v.length) cut++;
    }
    // Each UTF-16 code unit (but \r and \n) as a blank, a comment character and a setter character.
    for (let c = 0; c < 0x10000; c++) {
      if (c === 10 || c === 13) continue;
      const ch = String.fromCharCode(c);
      for (const v of [',' + ch, ',' + ch + '//', ',//' + ch, 'a' + ch, 'a' + ch + '#', 'a' + ch + '= ', 'a=' + ch]) {
        const hash = v.search(/\s#/);
        assert.equal(endsAsCode(...at(v)), /[,;]\s*(?:\/\/.*)?$/.test(v), JSON.stringify(v));
        assert.equal(startsAsSetter(...at(v)), /^[\w$.<>[\]|?& ']+=\s/.test(v), JSON.stringify(v));
        assert.equal(yamlEnd(...at(v)) - 3, (hash >= 0 ? v.slice(0, hash) : v).replace(/\s+$/, '').length, JSON.stringify(v));
      }
    }
    assert.ok(code > 10000 && setter > 1000 && cut > 10000, `${code} code ends, ${setter} setters, ${cut} cut`);
  });

  it('the YAML tests by hand answer as their regexes on seeded longer values', () => {
    const r = prng(31);
    const parts = [
      ',',
      ';',
      ' ',
      '//',
      '/',
      '#',
      ' #',
      'abc',
      'x=',
      '= ',
      '$a.b',
      '<T>',
      '[]',
      '|',
      '?',
      '\t',
      '\u00a0',
      '\u2028',
      '\u2029',
      '\u3000',
      '\ufeff',
      '\u00e9',
      '\u1680',
      '\u200b',
    ];
    for (let k = 0; k < 20000; k++) {
      let v = '';
      for (let i = 0, n = Math.floor(r() * 12); i < n; i++) v += parts[Math.floor(r() * parts.length)];
      const line = 'password: ' + v;
      const hash = v.search(/\s#/);
      assert.equal(endsAsCode(line, 10, line.length), /[,;]\s*(?:\/\/.*)?$/.test(v), JSON.stringify(v));
      assert.equal(startsAsSetter(line, 10, line.length), /^[\w$.<>[\]|?& ']+=\s/.test(v), JSON.stringify(v));
      assert.equal(yamlEnd(line, 10, line.length) - 10, (hash >= 0 ? v.slice(0, hash) : v).replace(/\s+$/, '').length, JSON.stringify(v));
    }
  });

  it('finds the same hits as the regex-written scan on the samples, the corpus and seeded mixes', () => {
    const lines = sampleAndCorpusLines();
    const base = lines.length;
    // Assignments built from parts: what stands before the name (line start, query, prefixes), names
    // (strong, weak, none), every operator, values that pass valueLooksSecret or not, open and
    // closed quotes, stop characters, Unicode blanks, comments and code after the value.
    const pick = (a: string[]) => a[Math.floor(r() * a.length)]!;
    const pre = ['', '', '  ', '\t', '- ', '-', 'export ', 'ENV ', 'declare -x ', 'set ', '"', 'x?', 'a=1&', '{ ', 'f(', '  - "', '"]', 'é '];
    const names = ['password', 'api_key', 'key', 'token', 'name', '--token', '-p', 'DB_PASSWORD', 'secretKey', 'x.y'];
    const ops = ['=', ': ', ':', ':=', '=>', ' = ', '"]: ', '\t:\t', '==', '://'];
    const vals = ['Xk9$qLz2wPm4', 'a8f3k2m9x7q1z5w4', 'hunter2', '${X}', 'x.y', 'T0k3n-v4lue_9z', 'Qw3#rTy7 uI9o', 'ab', '', 'string;'];
    const quotes = ['', '', '"', "'", '`', '\\"'];
    const tails = ['', '', ' # c', '#x', ',', ';', ' // x', '\r', '\u2028', '\u00a0z', '\u3000', ')', ']', '}', '<', '>', ' a=b', '|x', '&y=1', ' ;', ',  '];
    // Type annotations before a value (`api_token: str = "…"`), ending at the line's end or not.
    const types = ['str = ', 'Optional[str] = ', 'T =', 'T =\r', 'T =\u00a0', 'string|null = ', 'x.y[] =\t', 'a b = ', 'T ==', 'é = '];
    const r = prng(23);
    for (let k = 0; k < 20000; k++) {
      let line = pick(pre);
      for (let i = 0, len = 1 + Math.floor(r() * 3); i < len; i++) {
        const q = pick(quotes);
        line +=
          pick(names) +
          pick(ops) +
          (r() < 0.25 ? pick(types) : '') +
          q +
          pick(vals) +
          (r() < 0.3 ? pick(vals) : '') +
          (r() < 0.7 ? q : '') +
          pick(tails) +
          (r() < 0.3 ? pick(tails) : '');
      }
      lines.push(line);
    }
    let hits = 0,
      mixHits = 0;
    for (let n = 0; n < lines.length; n++) {
      const line = lines[n]!;
      const got: Hit[] = [];
      const want: Hit[] = [];
      genericAssignment.scan(line, got);
      genericScanDef(line, want);
      // A value going on past its line is the masker's to read (follow.ts, tested in follow.test.ts):
      // its marker hit is empty and not part of the cut.
      assert.deepEqual(
        got.filter((h) => h.follow === undefined),
        want,
        JSON.stringify(line),
      );
      hits += want.length;
      if (n >= base) mixHits += want.length;
    }
    assert.ok(hits > 200 && mixHits > 2000, `${hits} hits, ${mixHits} in the mixes`);
  });
});

describe('xml-secret: lines without `</` skipped', () => {
  /** The scan as it was, the regex run on every line. */
  function xmlScanDef(line: string, out: Hit[]): void {
    const re = /<([A-Za-z_][\w.:-]*)(?:\s[^<>]*)?>([^<>\r\n]+)<\/\1>/dg;
    for (let m = re.exec(line); m !== null; m = re.exec(line)) {
      const strength = classifyName(m[1]!);
      if (strength !== null && valueLooksSecret(m[2]!, strength, true))
        out.push({ start: m.indices![2]![0], end: m.indices![2]![1], rule: 'xml-secret', priority: 2 });
    }
  }

  it('finds what the regex on every line finds, on seeded tags, values and separators', () => {
    const r = prng(17);
    const parts = [
      '<password>',
      '</password>',
      '<apiKey id="1">',
      '</apiKey>',
      '<key>',
      '</key>',
      '<name>',
      '</name>',
      '< /',
      '<',
      '>',
      '/',
      '</',
      '\r',
      ' ',
      'x',
      'Xk9$qLz2wPm4',
      'a8f3k2m9x7q1z5w4',
      '${PW}',
      'welcome',
      '<token\t>',
      '</token>',
      '<a:secret>',
      '</a:secret>',
    ];
    const tags = ['password', 'apiKey', 'key', 'name', 'a:secret', 'token', '_x.pwd', '1pw'];
    const values = ['Xk9$qLz2wPm4', 'a8f3k2m9x7q1z5w4', 'T0k3n-v4lue_9zQ', '${PW}', 'welcome', '', 'x\ry'];
    let hits = 0;
    for (let k = 0; k < 20000; k++) {
      let line = '';
      for (let i = 0, n = 1 + Math.floor(r() * 8); i < n; i++) {
        const pick = (a: string[]) => a[Math.floor(r() * a.length)]!;
        // Often a whole element, so that hits are common.
        if (r() < 0.4) {
          const tag = pick(tags);
          line += `<${tag}${pick(['', ' id="1"', '\t', ' <'])}>${pick(parts)}${pick(values)}</${r() < 0.8 ? tag : pick(tags)}>`;
        } else line += pick(parts);
      }
      const got: Hit[] = [];
      const want: Hit[] = [];
      xmlSecret.scan(line, got);
      xmlScanDef(line, want);
      assert.deepEqual(got, want, JSON.stringify(line));
      hits += want.length;
    }
    assert.ok(hits > 2000, `only ${hits} hits`);
  });
});
