// der-key-bodies: a private key's base64 DER body with no BEGIN/END marker, e.g. a YAML block scalar under
// `private_key_pkcs8_base64: |`, an env value, a JSON string. The DER head says what it is: a SEQUENCE whose first
// element is the INTEGER version 0 or 1 (`30 82 LL LL 02 01 00` → `MII???IBA`, `30 81 LL 02 01 0x` → `MIG?AgE`),
// which a private key (PKCS#1, PKCS#8, SEC1) has and a certificate, a CSR or a public key (a SEQUENCE first:
// `MII??CC`, `MIIB?jAN`) has not; EC and Ed25519 keys have fixed heads (`MHcCAQEE`, `MC4CAQAw`).
// The line holding the head is masked, and the base64 lines that continue it (no key, no other text).
// Threat: found by a blind red team; the key's every line but the marker-less ones was masked before.
// Cost: gated by the heads' literal prefixes; a line is read only where one stands.
import { B64, rand } from '../samples';
import { registerGates } from './gates';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { addHit } from './hits';

const RULE = 'der-key-body';
const GATES = ['MII', 'MIG', 'MHcCAQEE', 'MC4CAQAw'];
registerGates(GATES);

/** A head at the value's start: after blanks, an optional key and separator, a quote or a block scalar's `|`. */
const HEAD =
  /^[ \t]*(?:-[ \t]+)?(?:["']?[A-Za-z_][\w.-]*["']?[ \t]*[:=][ \t]*(?:[|>][-+]?[ \t]*)?)?(?:b?["'])?((?:MII[A-Za-z0-9+/]{2}[AQgw]IBA|MIG[A-Za-z0-9+/]AgE[AB]|MHcCAQEE|MC4CAQAw)[A-Za-z0-9+/]{24,}={0,2})/d;
/** A line that continues a base64 body: nothing but base64 (and a closing quote or comma). */
const MORE = /^[ \t]*(?:["'])?([A-Za-z0-9+/]{8,}={0,2})(?:\\n)?["']?,?[ \t]*\r?$/d;

export const derKeyBody: BlockRule = {
  id: RULE,
  description: "A private key's base64 DER body without BEGIN/END markers (YAML block scalars, env values): PKCS#1, PKCS#8, SEC1 heads",
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    if (!GATES.some((g) => text.includes(g))) return;
    const starts = index.starts();
    const lineAt = (li: number): string => {
      const ls = starts[li]!;
      const nl = text.indexOf('\n', ls);
      return text.slice(ls, nl < 0 ? text.length : nl);
    };
    let done = -1;
    for (const g of GATES)
      for (let p = text.indexOf(g); p >= 0; p = text.indexOf(g, p + 1)) {
        // A head starts a value: not inside a longer base64 run (a blob, minified code).
        if (p > 0 && /[A-Za-z0-9+/]/.test(text[p - 1]!)) continue;
        let li = 0;
        for (let lo = 0, hi = starts.length - 1; lo <= hi;) {
          const mid = (lo + hi) >> 1;
          if (starts[mid]! <= p) ((li = mid), (lo = mid + 1));
          else hi = mid - 1;
        }
        if (li <= done) continue;
        const m = HEAD.exec(lineAt(li));
        if (m === null) continue;
        const [s, e] = m.indices![1]!;
        addHit(out, li, { start: s, end: e, rule: RULE, priority: 2.5 });
        let k = li + 1;
        for (; k < starts.length; k++) {
          const c = MORE.exec(lineAt(k));
          if (c === null) break;
          const [cs, ce] = c.indices![1]!;
          addHit(out, k, { start: cs, end: ce, rule: RULE, priority: 2.5 });
        }
        done = k - 1;
      }
  },
  samples() {
    const body = (head: string, seed: number) => head + rand(B64, 60, seed);
    const pk8 = body('MIIEv' + 'gIBADANBgkqhkiG9w0BAQEFAASC', 0x34e1);
    const more = rand(B64, 64, 0x34e2);
    const ec = body('MHcC' + 'AQEEI', 0x34e3);
    return {
      truePositives: [
        { text: `  private_key_pkcs8_base64: |\n    ${pk8}\n    ${more}\n  region: eu-west-1`, secrets: [pk8, more] },
        { text: `keys:\n  - ${ec}\n    ${more}`, secrets: [ec, more] },
      ],
      falsePositives: [
        '  tls.crt: |\n    MIIDWjCCAkKgAwIBAgIUFd2cQ5f1n0iPj3wY4kXg6L0pWmUwDQYJKoZIhvcNAQELBQAw\n    EjEQMA4GA1UEAwwHdGVzdC1jYTAeFw0yNDAxMDEwMDAwMDBaFw0zNDAxMDEwMDAwMDBa',
        'public_key: MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0',
      ],
    };
  },
};
