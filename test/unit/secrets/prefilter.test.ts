// The fast pre-scan must select exactly the lines its defining regexes select (candidateLinesReference
// runs them over the whole text): a line it drops is a secret the masker never looks at. Compared on
// the rule samples, the corpus sample, hand-written edge cases and seeded random mixes of the
// fragments the pre-scan reacts to. Both ways of running it are compared: one indexOf pass per anchor,
// and the WebAssembly SIMD pass (anchors.wat) whose first-level checks must never drop an anchor.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ALL_RULES } from '../../../src/core/secrets';
import {
  candidateLines,
  candidateLinesIndexOf,
  genericAt,
  paddingAt,
  candidateLinesReference,
  candidateLinesSimd,
  gatesOf,
  prescan,
  prescanSimd,
  simdScanner,
} from '../../../src/core/secrets/prefilter';
import { j, prng } from '../../../src/core/secrets/samples';
import { charSets, tailTable } from '../../../src/core/secrets/tails';

const simd = simdScanner();

function assertSame(text: string): void {
  const ref = candidateLinesReference(text);
  const where = () => JSON.stringify(text).slice(0, 300);
  assert.deepEqual(candidateLinesIndexOf(text), ref, `indexOf pre-scan differs on ${where()}`);
  assert.ok(simd, 'the WebAssembly SIMD scanner did not load on this Node');
  assert.deepEqual(candidateLinesSimd(text, simd), ref, `SIMD pre-scan differs on ${where()}`);
  assert.deepEqual(candidateLines(text), ref, `pre-scan differs on ${where()}`);
  // The block rules' gate literals, noted by the SIMD pass on its way: the same answer as looking for them.
  const gates = gatesOf(text);
  assert.equal(prescanSimd(text, simd).gates, gates, `SIMD gates differ on ${where()}`);
  assert.equal(prescan(text).gates, gates, `gates differ on ${where()}`);
}

const EDGE = [
  '',
  '=',
  'password=',
  '=password',
  'password',
  'x\npassword=1',
  'PASSWORD = "x"',
  'PassWord\t\t: x',
  'pw=1',
  'a.pw:1',
  'token"": x',
  'token""": x',
  "token'`: x",
  'token]] : x',
  'secret_key_base=1',
  'client-key-data: x',
  'my.sig>x',
  'authorization:',
  'credentials =',
  'SIGNATURE=>',
  'apikey=1',
  'keys:',
  'kéy=1',
  'ſecret=1',
  'to\u212Aen=1',
  'İpassword=1',
  'pass\u00a0=1',
  j('gh', 'p_', 'A'.repeat(16)),
  j('gh', 'p_', 'A'.repeat(15)),
  j('x gh', 'p_', 'A'.repeat(30)),
  j('shp', 'zz_', 'a'.repeat(20)),
  j('do', 'r_v1_', 'f'.repeat(20)),
  j('sk', '-', 'a'.repeat(16)),
  j('AGE-SECRET-', 'KEY-', 'Q'.repeat(20)),
  j('api', '07-', 'x'.repeat(20)),
  j('admin', '1-', 'x'.repeat(20)),
  j('xox', 'b-', '1'.repeat(20)),
  'PMAK-' + 'a'.repeat(20),
  'pmak-' + 'a'.repeat(20),
  '_' + 'a'.repeat(20),
  '-' + 'a'.repeat(20),
  'mysql -psecret',
  'mysql\t-pX',
  '-pX',
  '\n-pX',
  '\u00a0-pX',
  '\u2028-pX',
  '\ufeff-pX',
  '\u3000-pX',
  'x\ufeff--password y',
  'x -p-',
  'x -p ',
  'curl -u a:b',
  'curl -u\n\nfoo:bar',
  'sshpass -p x',
  'sshpass\n-p',
  'x --password y',
  'x --token=y',
  'x --api-key y',
  'x --client-secret y',
  'x --proxy-user a:b',
  '--password y',
  'x\t--user=a',
  ' --userx',
  'postgres://a:b@h',
  'https://x@y',
  'mail a@b.c',
  '://@',
  'a//@',
  ':/x/@',
  'x://a b@c',
  'x://a/b@c',
  j('AK', 'IA'),
  j('eyJ', 'hbG'),
  'T3Blbk' + 'FJ',
  'SG.x',
  'hooks.slack',
  'hvs.x',
  'dp.pt.x',
  '.atlasv1.',
  'ya29.',
  'LTAI',
  'ATATT3',
  'dapi0',
  'dapiz',
  'SK' + 'a'.repeat(32),
  '1:AA' + 'x'.repeat(33),
  // every LETTERS alternative, and overlaps where a first partial head must not hide the real one
  'ASIA',
  'ABIA',
  'ACCA',
  'AIza',
  'AIZa',
  'hvb.',
  'hvr.',
  'hvx.',
  'dp.st.',
  'dp.sa.',
  'dp.ct.',
  'dp.scim.',
  'dp.audit.',
  'dp.xx.',
  'dapif',
  'dapig',
  'AAKIA',
  'LTAKIA',
  'LLTAI',
  'eyeyJ',
  'T3BlbkT3BlbkFJ',
  'SSK' + 'f'.repeat(32),
  'SK' + 'f'.repeat(31),
  '::AA' + '-'.repeat(33),
  ':AA' + 'x'.repeat(32),
  'hooks.hooks.slack',
  'SG.SG.',
  'ya29ya29.',
  '..atlasv1.',
  'hooks.slac',
  'ddapi0',
  'ENV A=1',
  'ENV API_TOKEN abc',
  '  ENV\tX y',
  'XENV a',
  'env foo',
  'a\r\npassword=1\r\n',
  'line\n\n\npassword\n=1\n',
  'password\n=1',
  'password=\n',
  // the gates: kind: and -BEGIN , whole, cut, and at the very ends of the text
  'kind:',
  'kind: Secret',
  'xkind:x',
  'kin\nd:',
  'Kind:',
  'kind :',
  ':kind',
  '-BEGIN ',
  j('-----BEGIN RSA PRIVATE', ' KEY-----'),
  'BEGIN ',
  '-BEGIN',
  '-BEGINx',
  '-BEGIN\t',
  '--BEGIN  ',
  'x-BEGIN ',
  '\u012dBEGIN ',
  'kin\u0164:',
  // the word `password` (WORD_SRC): .netrc and setters, and near misses on each side of the `d`
  'machine h login u password x',
  '  password x',
  'password\tx',
  '\tpassword\t\tx',
  'password',
  'password ',
  'password \n',
  'password\u00a0x',
  'password (',
  'xpassword x',
  '.password x',
  '-password x',
  'Password x',
  'PASSWORD x',
  'passwordd x',
  'passwore x',
  'qassword x',
  'pAssword x',
  'default login a password x',
  'machine\tpassword x',
  'machinepassword x',
  'xmachine h password x',
  '# the password is x',
  'machine h\npassword x',
  'machine h\r\n  password x',
  ' machine h login u password\tx',
  'default password',
  'machine h login u passwd x',
  'ds.setPassword("x")',
  "setPassword( 'x')",
  'setPassword(x)',
  'resetPassword("x")',
  'set_password("x")',
  'setPassword ("x")',
  'setpassword("x")',
  'SetPassword("x")',
  'setPassword(',
  'setPasswordd("x")',
  'dapi password x',
  // an argument list's `"-p<pw>"`, redis-cli's `-a`, `aws_secret_access_key X`
  '["mysqladmin", "-uroot", "-px"]',
  "['-px']",
  '"-p"',
  '"-p-x"',
  '"-p x',
  'x"-pa',
  '`-px`',
  '"-u a:b',
  "'-p'x",
  'redis-cli -a x',
  'redis-cli -h cache -a x ping',
  'redis-cli\t-a\tx',
  'ls -a x',
  'redis-cli -a $PW',
  'redis-cli -a -x',
  'redis-cli -a',
  'xredis-cli -a x',
  'redis-cli\n-a x',
  'redis-cli -a\u00a0x',
  'redis-cli ping\nls -a x',
  'redis-cli -ax',
  'redis-cli  --a x',
  'aws configure set aws_secret_access_key x',
  'secret_access_key\tx',
  'secret_access_key  $X',
  'secret_access_keyx',
  'secret_access_key',
  'access_key x',
  'SECRET_ACCESS_KEY x',
  'secret_access_key=x',
  'secret_access_key\nx',
  'aws_secret_access_key \u00a0x',
  // PHP's define('NAME_X', …) (DEFINE_SRC), and near misses on each part
  "define( 'DB_PASSWORD', 'x' );",
  "define('AUTH_KEY',         'x');",
  'define("A_B",',
  "define('A1_B2_C' ,",
  "define(\t'DB_PASSWORD'\t,",
  "define('DB__X',",
  "define('_X', 'y');",
  "define('db_password', 'x');",
  "define('DB_PASSWORD' 'x');",
  "define('DB_PASSWORD', ",
  "define('DB_PASSWORD)',",
  "define ('A_B', 'x');",
  "undefine('A_B', 'x');",
  "xdefine('A_B', 'x');",
  "efine('A_B',",
  "define('A_B\n',",
  "define('A_B\u00e9',",
  "define('\u00c9A_B',",
  "define(('A_B',",
  "define('A_Bé', 'x')",
  'MAX_VALUE = 1',
  "getenv('DB_PASSWORD', '')",
  // SQL: PostgreSQL's `PASSWORD '…'` and MySQL's `IDENTIFIED [WITH plugin] BY '…'` in their casings, and near misses
  "CREATE USER app WITH PASSWORD 'x';",
  "create role a login password 'x'",
  "ALTER ROLE a WITH LOGIN Password\t'x'",
  "PASSWORD  'x'",
  "PASSWORD 'x",
  'PASSWORD "x"',
  "PASSWORD :'pw'",
  'PASSWORD NULL',
  "PASSWORD= 'x'",
  "PASSWORd 'x'",
  "PassWord 'x'",
  "pASSWORD 'x'",
  "XPASSWORD 'x'",
  "_password 'x'",
  "PASSWORD\n'x'",
  "PASSWORD\u00a0'x'",
  "ALTER USER 'app'@'%' IDENTIFIED BY 'x';",
  "identified by 'x'",
  'Identified By "x"',
  "IDENTIFIED by\t'x'",
  "IDENTIFIED WITH mysql_native_password BY 'x'",
  "identified with 'caching_sha2_password' by 'x'",
  "IDENTIFIED BY PASSWORD '*6B'",
  'IDENTIFIED BY x',
  "IDENTIFIED WITH BY 'x'",
  "IDENTIFIEd BY 'x'",
  "IdEnTiFiEd BY 'x'",
  "UNIDENTIFIED BY 'x'",
  'identified by the user',
  "IDENTIFIED\nBY 'x'",
  "IDENTIFIED WITH p AS 'x'",
  "IDENTIFIEDBY 'x'",
  "dentified by 'x'",
  "IDENTIFIED BY'x'",
  "IDENTIFIED WITH  p\tBY  'x'",
  'Data Date used ED RD eD rD',
];

const FRAGMENTS = [
  'pass',
  'password',
  'PW',
  'pat',
  'Secret',
  'token',
  'KEY',
  'keys',
  'auth',
  'cred',
  'sig',
  '_base',
  '-data',
  '.pem',
  'string',
  'value',
  '=',
  ':',
  '>',
  '=>',
  ':=',
  '"',
  "'",
  '`',
  ']',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '\u00a0',
  '_',
  '-',
  '--',
  '@',
  '://',
  '/',
  'a',
  'Z',
  '9',
  'x',
  'gh',
  'p',
  'u',
  'npm',
  'hf',
  'sk',
  'live',
  'ant',
  'api',
  '03',
  'glpat',
  'xox',
  'b',
  'key',
  'PMAK',
  'AGE-SECRET-KEY',
  'sshpass',
  'mysql',
  'AAAAAAAAAAAAAAAA',
  'abcdefghijklmnop',
  'ENV ',
  'AK',
  'IA',
  'eyJ',
  'SG.',
  'é',
  'İ',
  '\u212A',
  'ſ',
  'A',
  'KIA',
  'Iza',
  'J',
  'ey',
  'K',
  'S',
  'SK',
  'ffffffffffffffff',
  '.',
  'hooks',
  'slack',
  'hv',
  's',
  'dp',
  'pt',
  'ya29',
  'LT',
  'AI',
  'dapi',
  'f',
  'AA',
  'kind',
  'kin',
  'd:',
  'BEGIN ',
  '-----',
  'BEG',
  'IN ',
  'EN',
  'V ',
  'ENV',
  'assword',
  'passwor',
  'Passwor',
  'r',
  'd',
  'set',
  '(',
  '("',
  "('",
  'machine ',
  'redis-cli',
  '-a',
  ' -a ',
  '"-p',
  "'-p",
  'aws_secret_access',
  '_key',
  'secret_access_',
  'key ',
  'define(',
  "define('",
  'DB',
  '_PASSWORD',
  "'",
  ',',
  'AUTH',
  'A_B',
  '9_',
  'PASSWORD',
  'ASSWORD',
  'PASSWOR',
  'IDENTIFIED',
  'identified',
  'Identified',
  'dentifie',
  'IDENTIFIE',
  ' BY ',
  ' by ',
  ' WITH ',
  ' with ',
  " '",
  'D',
  'E',
  'R',
  'e',
  'Da',
];

describe('secret pre-scan (candidateLines)', () => {
  it('selects the same lines as its defining regexes on hand-written edge cases', () => {
    for (const e of EDGE) {
      assertSame(e);
      assertSame(`x ${e} y`);
      assertSame(`first\n${e}\nlast`);
    }
  });

  it('selects the same lines on every rule sample', () => {
    let n = 0;
    for (const rule of ALL_RULES) {
      const s = rule.samples();
      for (const t of [...s.truePositives.map((tp) => tp.text), ...s.falsePositives]) {
        assertSame(t);
        n++;
      }
    }
    assert.ok(n > 200);
  });

  it('selects the same lines on the corpus sample', () => {
    const file = path.join(__dirname, '../../fixtures/corpus/secrets.json');
    const files = JSON.parse(readFileSync(file, 'utf8')) as { content_b64: string }[];
    for (const f of files) assertSame(Buffer.from(f.content_b64, 'base64').toString('utf8'));
  });

  it('selects the same lines on 3,000 seeded random mixes of the fragments it reacts to', () => {
    const r = prng(20240611);
    let selected = 0;
    for (let k = 0; k < 3000; k++) {
      let t = '';
      const n = 1 + Math.floor(r() * 40);
      for (let i = 0; i < n; i++) t += FRAGMENTS[Math.floor(r() * FRAGMENTS.length)];
      assertSame(t);
      selected += candidateLinesReference(t).length;
    }
    assert.ok(selected > 1000, `the mixes select too few lines (${selected}) to test anything`);
  });

  it('selects the same lines with Latin-1 characters (SIMD pass) and with characters above 0xFF whose low byte is an anchor or a blank', () => {
    // Above 0xFF, low bytes = : > _ - @ A J K . d ' blank /; and Latin-1 ones the checks must see as non-ASCII (NBSP is a blank).
    const fakes = '\u013d\u013a\u013e\u015f\u012d\u0140\u0141\u014a\u014b\u012e\u0164\u0127\u0120\u012f\u00a0\u00e9\u00ff\u00c1\u0085';
    const r = prng(77);
    for (let k = 0; k < 2000; k++) {
      let t = '';
      const n = 1 + Math.floor(r() * 30);
      for (let i = 0; i < n; i++) t += r() < 0.35 ? fakes[Math.floor(r() * fakes.length)]! : FRAGMENTS[Math.floor(r() * FRAGMENTS.length)];
      assertSame(t);
    }
  });

  it('selects the same lines where the SIMD pass filters anchors on their neighbours (inside a chunk, at every alignment)', () => {
    // The first and last blocks of a chunk are not filtered, so short texts never reach the filters:
    // each case sits here between lines long enough to put it in the filtered blocks, at all 16 offsets.
    const r = prng(4711);
    const cases = [...EDGE];
    for (let k = 0; k < 300; k++) {
      let t = '';
      const n = 1 + Math.floor(r() * 30);
      for (let i = 0; i < n; i++) t += FRAGMENTS[Math.floor(r() * FRAGMENTS.length)];
      cases.push(t);
    }
    for (const c of cases) for (let shift = 0; shift < 16; shift++) assertSame(`${'x'.repeat(40 + shift)}\n${c}\n${'y'.repeat(40)}`);
  });

  it('confirms a key name before = : > in the module (exact) exactly where the JavaScript check does, and reports every other one', () => {
    // anchors.wat's keyName walks its copy of the key-name tries; an anchor it confirms skips genericAt.
    const r = prng(99);
    const fakes = '\u013d\u015f\u0140\u00e9\u8000\ufeff\u212a\u0130\u017f';
    const cases = [...EDGE];
    for (let k = 0; k < 600; k++) {
      let t = '';
      const n = 1 + Math.floor(r() * 30);
      for (let i = 0; i < n; i++) t += k % 3 === 0 && r() < 0.2 ? fakes[Math.floor(r() * fakes.length)]! : FRAGMENTS[Math.floor(r() * FRAGMENTS.length)];
      cases.push(t);
    }
    let exact = 0;
    for (const c of cases) {
      for (let shift = 0; shift < 16; shift += 5) {
        const t = `${'x'.repeat(40 + shift)}\n${c}\n${'y'.repeat(40)}`;
        const reported = new Set<number>();
        simd!.scan(t, (p, isExact) => {
          reported.add(p);
          if (!isExact) return;
          exact++;
          assert.ok('=:>'.includes(t[p]!), `exact on ${JSON.stringify(t[p])}`);
          assert.ok(genericAt(t, p), `exact where genericAt says no, at ${p} of ${JSON.stringify(c)}`);
        });
        for (let p = 0; p < t.length; p++)
          if ('=:>'.includes(t[p]!) && genericAt(t, p)) assert.ok(reported.has(p), `not reported: ${p} of ${JSON.stringify(c)}`);
      }
    }
    assert.ok(exact > 200, `only ${exact} anchors confirmed in the module`);
  });

  it('selects the same lines across the 1 MiB chunks of the SIMD pass (neighbours in the other chunk)', function () {
    // Megabyte texts per case: minutes on a loaded machine, not a hang.
    this.timeout(10 * 60_000);
    const chunk = 1 << 20;
    const secretish = [
      'password = x',
      'x ' + j('gh', 'p_', 'A'.repeat(20)),
      'postgres://a:b@h',
      j('AK', 'IA') + 'x',
      'hooks.slack',
      'x --token y',
      'dapi0',
      'kind: Secret',
      j('-----BEG', 'IN RSA'),
      'ENV API_TOKEN abc',
      'machine h password x',
      'x.setPassword("y")',
      'test: ["-pX"]',
      'redis-cli -h c -a X',
      'set aws_secret_access_key X',
      "define('DB_PASSWORD', 'x');",
      "define( 'A_VERY_LONG_CONSTANT_NAME_KEY' , 'x');",
      "CREATE USER a WITH PASSWORD 'x';",
      "ALTER USER 'a'@'%' IDENTIFIED BY 'x';",
    ];
    for (const s of secretish) {
      for (let shift = -s.length - 2; shift <= 2; shift++) {
        const pad = chunk + shift;
        const text = 'a'.repeat(Math.max(0, pad)) + s + '\nb';
        assertSame(text);
      }
    }
    // Blanks running back over the boundary before an `=`.
    assertSame('x'.repeat(chunk - 10) + 'password' + ' '.repeat(30) + '= 1\n');
  });

  it('survives a chunk in which every character is an anchor (the module writes spare positions past the count)', () => {
    // The first pass writes four positions a round whatever the count; a full chunk of anchors puts
    // the count at its maximum, where a spare write past the position area would overwrite the tables
    // that follow it. The scan must answer as the reference, and so must every scan after it.
    const chunk = 1 << 20;
    for (const ch of ['=', '_', 'A', '.']) {
      const dense = ch.repeat(chunk) + '\npassword = x\n';
      assert.deepEqual(candidateLinesSimd(dense, simd!), candidateLinesIndexOf(dense), `dense ${ch}`);
    }
    const probe = `${'x'.repeat(100)}\npassword = x\n${j('gh', 'p_', 'A'.repeat(20))}\nsecret_key_base: y\n${'z'.repeat(100)}`;
    assertSame(probe);
  });

  it("finds a base64 blob's padding by the SIMD pass exactly where paddingAt does, and no rule of `=` signs", () => {
    // The masker decodes the blobs the pre-scan lists (encoded.ts): one the SIMD pass drops is a secret
    // never decoded. Its own check is a first filter, JavaScript's paddingAt the definition.
    const paddings = (t: string) => {
      const out: number[] = [];
      for (let p = t.indexOf('='); p !== -1; p = t.indexOf('=', p + 1)) if (paddingAt(t, p)) out.push(p);
      return out;
    };
    const same = (t: string, what: string) => assert.deepEqual(prescanSimd(t, simd!).blobs, paddings(t), `${what}: ${JSON.stringify(t.slice(0, 120))}`);
    const blob = 'QUJDREVGR0hJSktMTU5PUA';
    const pieces = [
      blob + '==',
      blob.slice(0, 16) + '=',
      'a-b_c+d/' + blob.slice(8) + '=',
      '='.repeat(40),
      'x' + '='.repeat(17),
      '# ' + '-='.repeat(20),
      blob + '=a',
      blob + '=/',
      blob + '=-',
      blob + '=.',
    ];
    const r = prng(7);
    for (let n = 0; n < 400; n++) {
      let t = '';
      while (t.length < 300)
        t += (r() < 0.5 ? pieces[Math.floor(r() * pieces.length)]! : ' x = y;'.slice(0, 1 + Math.floor(r() * 7))) + (r() < 0.3 ? '\n' : '');
      same(t, 'mix');
    }
    // A blob at the very start of the text, and one whose run starts in the chunk before its `=`.
    for (let at = 0; at <= 20; at++) same(blob.slice(0, 16 + at) + '=\n' + 'z'.repeat(300), `start ${at}`);
    const chunk = 1 << 20;
    for (let shift = -20; shift <= 20; shift++) same('a '.repeat((chunk + shift) >> 1) + (shift & 1 ? 'b' : '') + blob + '=\n', `chunk ${shift}`);
    // After a token holding a `=`, JavaScript still looks for an escape or a foreign key word before the
    // anchor (a decoded view may read a key there): the pass must keep reporting those.
    const pad = 'z '.repeat(20);
    for (const [before, what] of [
      ['\\uAAAAAA=BBBBBBBB', 'an escape 17 characters back'],
      ['ab=defgpassordet', 'a foreign key word'],
    ]) {
      const t = `${pad}${before}= x\n${'z'.repeat(300)}`;
      assert.deepEqual(prescanSimd(t, simd!).escapes, [pad.length + before.length], `${what}: ${JSON.stringify(t.slice(0, 80))}`);
    }
    // Rules of `=` (comments, Markdown headings) are no blob: the pass rejects them itself.
    const rules = `/* ${'='.repeat(70)} */\n${'='.repeat(20)}\n`.repeat(20);
    let reported = 0;
    // (Away from the ends of the chunk, where neighbours may lie outside it and anchors go unchecked.)
    simd!.scan(rules, (p) => (reported += rules[p] === '=' && p >= 16 && p < rules.length - 16 ? 1 : 0));
    assert.equal(reported, 0, 'the SIMD pass reported a rule of = signs');
  });

  it('uses a WebAssembly module that is the current build of anchors.wat', async () => {
    const { assemble } = await import('../../../scripts/build-wasm.mjs');
    const current = readFileSync(path.join(__dirname, '../../../src/core/secrets/anchorsWasm.ts'), 'utf8');
    assert.equal(current, await assemble(), 'src/core/secrets/anchorsWasm.ts is stale: run node scripts/build-wasm.mjs');
  });

  it('runs the SIMD pass on Latin-1 text and on wider text (UTF-16 narrowed with saturation), reporting real anchors only', () => {
    const anchorsOf = (t: string) => {
      const seen: string[] = [];
      assert.ok(simd!.scan(t, (p) => seen.push(t[p]!)) >= 0, 'one chunk: the gates are known');
      return seen.join('');
    };
    assert.match(anchorsOf('a password=1 and kéy\u00a0-p'), /=/);
    // Wide characters whose low byte is `=`, `_`, `@`: none may be reported as an anchor.
    const got = anchorsOf('\u013d\u015f\u0140 \u8a3d password=1 x');
    assert.ok(got.includes('='), got);
    assert.match(got, /^[=:>_@AJK.d-]+$/, `only anchor characters are reported: ${JSON.stringify(got)}`);
  });

  it("selects Make's ?= += != assignments to a secret-named variable by every path, not other ones", () => {
    const pad = 'x = 1 # ' + 'a'.repeat(70) + '\n';
    const lines = ['DB_PASS ?= v', 'export TOKEN += v', 'API_KEY!=v', 'override SECRET\t?=v'];
    for (const line of lines) {
      const text = pad + line + '\n' + pad;
      assertSame(text);
      assert.deepEqual(candidateLines(text), [pad.length], `not selected: ${line}`);
      assert.deepEqual(candidateLinesSimd(text, simd!), [pad.length], `SIMD did not select: ${line}`);
    }
    for (const line of ['CFLAGS += -O2', 'if a != b:', 'NAME ?= app', 'x = password + = 2']) assertSame(pad + line + '\n');
  });

  it("notes the gates `_auth` and `npmAuth` in the SIMD pass exactly where they are (the assigned-value rule's npm credentials)", () => {
    const pad = 'const value = settings.get(name);\n'.repeat(10);
    let seen = 0;
    for (const word of ['_auth', 'npmAuth', '_aut', 'npmAut', 'pmAuth', '_Auth', 'NPMAuth', 'npmauth', 'x_authToken', 'npmAuthIdent']) {
      for (const text of [
        word,
        `${word}=1`,
        `${pad}${word}: "x"\n${pad}`,
        `${pad}${word}`,
        `${word}${pad}`,
        `${pad}  //registry/:${word}=\u4e00\n${pad}`,
        `${pad.slice(0, 250)}${word}${pad}`,
      ]) {
        assertSame(text);
        const want = (text.includes('_auth') ? 8 : 0) | (text.includes('npmAuth') ? 16 : 0);
        assert.equal(prescanSimd(text, simd!).gates & 24, want, JSON.stringify(text));
        if (want !== 0) seen++;
      }
    }
    assert.ok(seen >= 28, `${seen}`);
  });

  it('returns ascending, distinct line starts', () => {
    const text = 'password=1 token=2\n\nkey: 3\n' + j('gh', 'p_', 'A'.repeat(20)) + ' secret=4\n';
    assert.deepEqual(candidateLines(text), [0, 20, 27]);
    assert.deepEqual(candidateLinesSimd(text, simd!), [0, 20, 27]);
  });

  it('selects SQL statements that hand over a password literal, and not the ones without one', () => {
    // Each line on its own and between long lines (the SIMD pass's filtered blocks), by every path.
    const pad = 'x'.repeat(48);
    const selected = [
      "CREATE USER app WITH PASSWORD 'x';",
      "ALTER ROLE app WITH LOGIN PASSWORD 'x';",
      "create role app login password 'x'",
      "ALTER USER 'app'@'%' IDENTIFIED BY 'x';",
      "CREATE USER 'x'@'localhost' IDENTIFIED WITH mysql_native_password BY 'x';",
      "  Password 'x'",
      // Oracle's password is an unquoted identifier; PostgreSQL's may be an E'' string or dollar-quoted.
      'IDENTIFIED BY x',
      "ALTER ROLE app WITH PASSWORD E'x';",
      'ALTER ROLE etl WITH PASSWORD $$x$$;',
      'ALTER ROLE etl WITH PASSWORD $pw$x$pw$;',
    ];
    // `identified` in lower or title case is left out (prefilter.ts WORD_SRC says why): in an SQL file the
    // structure rule sql-statement reads those lines; elsewhere a known gap, asserted so that a change to
    // it is a decision.
    const dropped = [
      'ALTER USER app WITH PASSWORD NULL;',
      'CREATE USER app IDENTIFIED EXTERNALLY;',
      'if password is None:',
      'a process identified by its pid',
      "IdEnTiFiEd BY 'x'",
      "alter user 'app'@'%' identified by 'x';",
      "Identified By 'x'",
    ];
    for (const line of [...selected, ...dropped]) {
      const want = selected.includes(line) ? [pad.length + 1] : [];
      const text = `${pad}\n${line}\n${pad}`;
      assert.deepEqual(candidateLinesReference(text), want, line);
      assert.deepEqual(candidateLinesIndexOf(text), want, line);
      assert.deepEqual(candidateLinesSimd(text, simd!), want, line);
    }
  });
});

describe('secret pre-scan: commands, setters and vendor formats that hand a secret over', () => {
  const simd = simdScanner();
  it('selects them by every path, and not their look-alikes', () => {
    const pad = 'x'.repeat(48);
    const selected = [
      'gh auth login --with-token <<< T0k3n',
      'echo T0k3n | gh auth login --with-token',
      'echo T0k3n | docker login -u ci --password-stdin',
      'npm config set //registry.example.com/:_authToken T0k3n',
      'set -x GITHUB_TOKEN T0k3n',
      'set -gx DB_PASSWORD T0k3n',
      'setenv API_TOKEN T0k3n',
      'setx DB_PASSWORD T0k3n /M',
      '#define API_SECRET "T0k3n"',
      'client.setToken("T0k3n");',
      "b.withApiKey('T0k3n')",
      'c.SetClientSecret(`T0k3n`)',
      // Vendor formats without a separator: Azure DevOps's AZDO, Twitter's A run, GitLab's GR1348941,
      // Braintree's access_token$production$, Asana's n/…:.
      `pat ${'x'.repeat(76)}AZDO${'y'.repeat(4)}`,
      `bearer ${'A'.repeat(22)}Z9%3D`,
      'runner GR1348941abc',
      'gw access_token$production$abc$def',
      `asana 1/${'1'.repeat(16)}:${'a'.repeat(32)}`,
      `asana 2/${'1'.repeat(16)}/${'2'.repeat(16)}:${'b'.repeat(32)}`,
    ];
    const dropped = [
      'set -euo pipefail',
      'tar -xzf a.tgz',
      'return -x;',
      'npm i -g typescript',
      'setenv PATH /usr/bin',
      'setenv LANG en_US.UTF-8',
      'obj._author = x',
      'client.setTimeout(30);',
      'client.setToken(token);',
      'map.set("a", 1);',
      '#define MAX_SIZE 12',
      'const AZ = 1;',
      'data: AAAAAAAAAAAA',
      'at 12:30 on 2024/01/02',
      'case 1: return x;',
      'GRANT SELECT ON t TO app;',
      'const _this = this; _timer = 1;',
    ];
    for (const line of [...selected, ...dropped]) {
      const want = selected.includes(line) ? [pad.length + 1] : [];
      const text = `${pad}\n${line}\n${pad}`;
      assert.deepEqual(candidateLinesReference(text), want, line);
      assert.deepEqual(candidateLinesIndexOf(text), want, line);
      assert.deepEqual(candidateLinesSimd(text, simd!), want, line);
    }
  });
});

describe('tail tables', () => {
  it('expands the small regex syntax of word lists', () => {
    assert.deepEqual(charSets('gh[pou]'), ['g', 'h', 'pou']);
    assert.deepEqual(charSets('shp[a-c]{2}'), ['s', 'h', 'p', 'abc', 'abc']);
    assert.deepEqual(charSets('api\\d\\d'), ['a', 'p', 'i', '0123456789', '0123456789']);
    assert.deepEqual(charSets('a\\-b'), ['a', '-', 'b']);
  });

  it('refuses syntax it cannot represent, rather than widening silently', () => {
    for (const bad of ['a|b', 'ab?', 'a(b)', 'a.b', '[^a]b', 'a\\w', 'ab*']) assert.throws(() => charSets(bad), /tail word/, bad);
    assert.throws(() => tailTable(['a'], false), /at least 2/);
  });

  it('matches the last 3 characters (2 for 2-letter words), case-insensitively only when asked', () => {
    const ci = tailTable(['password', 'pw', 'shp[a-z]{2}'], true);
    const cs = tailTable(['PMAK', 'hf'], false);
    const at = (t: { endsAt(s: string, i: number): boolean }, s: string) => t.endsAt(s, s.length - 1);
    assert.ok(at(ci, 'db_password') && at(ci, 'DB_PASSWORD') && at(ci, 'xord') && at(ci, 'pw') && at(ci, 'PW') && at(ci, 'shpqz'));
    assert.ok(!at(ci, 'passwor') && !at(ci, 'p') && !at(ci, '') && !at(ci, 'pword\u00e9'));
    assert.ok(at(cs, 'PMAK') && !at(cs, 'pmak') && at(cs, 'hf') && !at(cs, 'HF'));
    assert.ok(!ci.endsAt('pw', -1) && !ci.endsAt('pw', 5));
  });

  it('answers like a plain check of the last characters on seeded random strings (both levels, shared rows)', () => {
    // Reference: some word's last 3 (or 2) character sets hold the text's last characters.
    const reference = (words: string[], ci: boolean) => (s: string, i: number) =>
      words.some((w) => {
        const sets = charSets(w).slice(-3);
        if (i + 1 < sets.length) return false;
        return sets.every((set, k) => {
          const c = s[i - (sets.length - 1 - k)]!;
          return set.includes(c) || (ci && c.charCodeAt(0) < 128 && (set.includes(c.toLowerCase()) || set.includes(c.toUpperCase())));
        });
      });
    const lists: [string[], boolean][] = [
      [['pass', 'pw', 'key', 'base64', 'b64', 'signature', 'sig'], true],
      [['gh[pousr]', 'shp[a-z]{2}', 'do[por]_v1', 'r8', 'api\\d\\d', 'PMAK', 'AGE-SECRET-KEY'], false],
    ];
    const alphabet = 'pPaAsSwWkKeEyYbB64gGhHrRdDiInNtTuUoOvV18_-MXzZ \u00e9\u212a';
    const r = prng(7);
    for (const [words, ci] of lists) {
      const fast = tailTable(words, ci);
      const ref = reference(words, ci);
      let yes = 0;
      for (let n = 0; n < 20000; n++) {
        let t = '';
        for (let k = 1 + Math.floor(r() * 4); k > 0; k--) t += alphabet[Math.floor(r() * alphabet.length)];
        if (r() < 0.3)
          t += charSets(words[Math.floor(r() * words.length)]!)
            .map((set) => set[Math.floor(r() * set.length)])
            .join('');
        const i = t.length - 1;
        const want = ref(t, i);
        assert.equal(fast.endsAt(t, i), want, `${JSON.stringify(t)} (${words.join(',')})`);
        if (want) yes++;
      }
      assert.ok(yes > 1000, `too few matches (${yes}) to test anything`);
    }
  });
});
