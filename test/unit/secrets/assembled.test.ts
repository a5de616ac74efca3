// Secrets assembled from parts (rules/assembled.ts): a key as a list of byte literals under a secret's name, and a
// secret split over variables that another assignment joins. Every value is built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

let seed = 0xa55e;
const rs = (n: number) => rand(ALNUM, n, seed++ * 7919);
/** n distinct random bytes written as 0x.. literals. */
function bytes(n: number): string[] {
  const pool = Array.from({ length: 256 }, (_, i) => i);
  return Array.from(
    rs(n),
    (ch, i) =>
      '0x' +
      pool
        .splice((ch.charCodeAt(0) * 31 + i * 17) % pool.length, 1)[0]!
        .toString(16)
        .padStart(2, '0'),
  );
}

function masks(text: string, secrets: string[]): void {
  const r = maskText(text);
  for (const s of secrets) assert.ok(!leaks(r.text, s), `left visible ${s} in ${JSON.stringify(r.text.slice(0, 400))}`);
  const a = text.split('\n');
  const b = r.text.split('\n');
  assert.equal(b.length, a.length);
  a.forEach((l, i) => {
    if (!secrets.some((s) => l.includes(s) || s.includes(l.trim()))) assert.equal(b[i], l, `benign line changed: ${l}`);
  });
}
const keeps = (text: string) => assert.equal(maskText(text).text, text);

describe('assembled: keys as byte lists', () => {
  it('masks a C, Go, Java, Python and multi-line Rust key under a secret name', () => {
    const c = bytes(16).join(', ');
    masks(`#pragma once\nstatic const uint8_t HMAC_KEY[32] = { ${c} };\n#define N 16`, [c]);
    const u = bytes(16).join(', ');
    masks(`static const unsigned char aes_key[] = { ${u} };`, [u]);
    const g = bytes(12).join(', ');
    masks(`var jwtSecret = []byte{${g}}`, [g]);
    const j = bytes(10)
      .map((b) => '(byte) ' + b)
      .join(', ');
    masks(`private static final byte[] encryptionKey = new byte[]{${j}};`, [j]);
    const p = bytes(12).join(', ');
    masks(`SECRET_KEY = bytes([${p}])`, [p]);
    const r = bytes(16);
    const [r1, r2] = [r.slice(0, 8).join(', '), r.slice(8).join(', ')];
    masks(`const API_SECRET: [u8; 16] = [\n    ${r1},\n    ${r2},\n];`, [r1, r2]);
  });
  it('keeps tables, public keys, zero-filled buffers and lists under other names', () => {
    keeps(`static const uint8_t crc_table[8] = { ${bytes(8).join(', ')} };`);
    keeps(`static const uint8_t public_key[8] = { ${bytes(8).join(', ')} };`);
    keeps(`uint8_t key[16] = { ${Array(16).fill('0x00').join(', ')} };`);
    keeps(`const payload = [${bytes(12).join(', ')}];`);
    keeps('uint8_t secret_len = 0x20; int a[3] = {0x1, 0x2, 0x3};');
  });
});

describe('assembled: a secret split over variables', () => {
  it('masks every piece of a value a shell assignment joins', () => {
    const [a, b, c] = ['sk-' + 'ant-api03-' + rs(18), rs(32), rs(30)];
    masks(`#!/bin/sh\nPART_A=${a}\nPART_B=${b}\nPART_C=${c}\nexport ANTHROPIC_API_KEY="\${PART_A}\${PART_B}\${PART_C}"\necho ok`, [a, b, c]);
    const [x, y] = [rs(16), rs(16)];
    masks(`export P1='${x}'\nexport P2='${y}'\nexport DB_PASSWORD=$P1$P2`, [x, y]);
  });
  it('masks every piece of a value code joins with +', () => {
    const [x, y] = [rs(20), rs(20)];
    masks(`const head = "${x}";\nconst tail = "${y}";\nconst apiToken = head + tail;`, [x, y]);
  });
  it('keeps joins of paths, hosts and words', () => {
    keeps('HOST=db.internal\nPORT=5432\nexport DATABASE_HOST="${HOST}${PORT}"');
    keeps('BASE=/opt/app\nREL=releases/2026-12-03\nexport RELEASE_DIR=$BASE$REL');
    keeps('first = "Hello, "\nsecond = "world"\nmessage = first + second');
    keeps('a = 1\nb = 2\nc = a + b');
  });
});
