// Blind red team rt21mask (session 43): a private key's base64 DER in an env var (rules/der-key-bodies.ts, names.ts):
// under a name that says its encoding (SIGNING_KEY_DER), and a real key under any name, in any shell's assignment or
// base64url; a public key's or a certificate's DER stays. Keys are generated at run time by node:crypto.
import { generateKeyPairSync } from 'node:crypto';
import { HEX, rand } from '../../../src/core/secrets/samples';
import { checkKeptAndHidden, keeps } from './helpers';

let seed = 0x43f40;
const rs = (a: string, n: number) => rand(a, n, seed++ * 7919);
const check = checkKeptAndHidden;
describe("rt21mask: a private key's base64 DER in an env var", () => {
  const der = (type: 'rsa' | 'ec' | 'ed25519' | 'ed448' | 'x25519', fmt: 'pkcs8' | 'pkcs1' | 'sec1'): Buffer => {
    const opts = type === 'rsa' ? { modulusLength: 1024 } : type === 'ec' ? { namedCurve: 'P-256' } : {};
    return generateKeyPairSync(type as 'rsa', opts as { modulusLength: number }).privateKey.export({ type: fmt as 'pkcs8', format: 'der' });
  };
  it('random bytes under a key named with its encoding (the kit: SIGNING_KEY_DER, PRIVATE_KEY_B64, JWT_KEY_PKCS8)', () => {
    const b = () => Buffer.from(rs(HEX, 1200), 'hex').toString('base64');
    const [a, c, d] = [b(), b(), b()];
    check(`SIGNING_KEY_DER=${a}\nPRIVATE_KEY_B64=${c}\nJWT_KEY_PKCS8="${d}"\nAPP_NAME=ledger\n`, [4], [a, c, d]);
  });
  it('a real key under any name: RSA PKCS#1/PKCS#8, EC SEC1, Ed25519, Ed448, X25519; export, set, $env:, base64url', () => {
    const keys = [der('rsa', 'pkcs1'), der('rsa', 'pkcs8'), der('ec', 'sec1'), der('ed25519', 'pkcs8'), der('ed448', 'pkcs8'), der('x25519', 'pkcs8')];
    const lines = keys.flatMap((k, i) => [
      `export APP_BLOB_${i}="${k.toString('base64')}"`,
      `set APP_BLOB_${i}=${k.toString('base64')}`,
      `$env:APP_BLOB_${i} = "${k.toString('base64')}"`,
      `APP_BLOB_${i}=${k.toString('base64url')}`,
      `  blob_${i}: ${k.toString('base64')}`,
    ]);
    const secrets = keys.flatMap((k) => [k.toString('base64').slice(8, 40), k.toString('base64').slice(-32), k.toString('base64url').slice(-32)]);
    check(lines.join('\n') + '\n', [], secrets);
  });
  it("a public key's, a certificate's or a random blob's base64 under neutral names stays", () => {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const spki = pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const rsaPub = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'pkcs1', format: 'der' }).toString('base64');
    // A certificate's head: SEQUENCE { SEQUENCE { [0] { INTEGER 2 } INTEGER … (its TBSCertificate first, no version INTEGER).
    const cert = Buffer.concat([Buffer.from('308201f43082015da003020102', 'hex'), Buffer.from(rs(HEX, 980), 'hex')]).toString('base64');
    keeps(
      `PUBLIC_KEY_DER=${spki}\nexport RSA_PUB="${rsaPub}"\nCA_CERT_DER=${cert}\nlogo: ${Buffer.from('89504e47' + rs(HEX, 400), 'hex').toString('base64')}\n`,
    );
  });
});
