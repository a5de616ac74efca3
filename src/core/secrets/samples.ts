// Fake credential material for rule samples and tests, built at run time from parts.
// Threat: a format-valid token committed in plain text trips every secret scanner downstream
// (and trains people to ignore them), so no committed file spells one out; this module
// assembles them from a seeded PRNG instead. Deterministic: the same seed gives the same token.

export const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const UPPER_B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const HEX = '0123456789abcdef';
export const B64 = ALNUM + '+/';
export const B64URL = ALNUM + '-_';
export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const PASSWORD_CHARS = ALNUM + '!#%*+-._~^';

/** mulberry32: small, fast, good enough for test data (never for real secrets). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let counter = 1;
/** A random string over `alphabet`. Each call without a seed gets a fresh deterministic seed. */
export function rand(alphabet: string, n: number, seed = counter++ * 7919): string {
  const r = prng(seed);
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(r() * alphabet.length)];
  return s;
}

/**
 * `f()` with the unseeded `rand` counter put back after: a test that reads every rule's samples (candidate-diff)
 * leaves the values other test files draw at their load exactly as they were without it.
 */
export function keepingSampleSeeds<T>(f: () => T): T {
  const was = counter;
  try {
    return f();
  } finally {
    counter = was;
  }
}

/** Join parts: lets a sample spell a vendor prefix in pieces so the source never holds the token. */
export function j(...parts: string[]): string {
  return parts.join('');
}

// btoa over UTF-8 bytes: the core stays free of Node's Buffer so it can run anywhere.
export function b64(s: string): string {
  let bin = '';
  for (const byte of new TextEncoder().encode(s)) bin += String.fromCharCode(byte);
  return btoa(bin);
}
export function b64url(s: string): string {
  return b64(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT-shaped token: real base64url JSON header and payload, random signature. */
export function fakeJwt(alg: 'HS256' | 'RS256', seed?: number): string {
  const header = b64url(JSON.stringify({ alg, typ: 'JWT' }));
  const payload = b64url(JSON.stringify({ sub: rand(HEX, 12, seed), iat: 1700000000, scope: 'read write' }));
  return `${header}.${payload}.${rand(B64URL, alg === 'HS256' ? 43 : 342, seed)}`;
}

/** Lines of a PEM body: base64 of random bytes, `width` columns. */
export function pemBody(bytes: number, width = 64, seed?: number, lead = 'MII'): string[] {
  const body = lead + rand(B64, Math.ceil((bytes * 4) / 3) - lead.length, seed);
  const out: string[] = [];
  for (let i = 0; i < body.length; i += width) out.push(body.slice(i, i + width));
  return out;
}

export function pemBlock(label: string, bytes = 300, seed?: number): string[] {
  return [j('-----BEGIN ', label, '-----'), ...pemBody(bytes, 64, seed), j('-----END ', label, '-----')];
}
