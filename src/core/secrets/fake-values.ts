// Values that say they are stand-ins: `test-token-123`, `fake_api_key_1`, `mock-pass-1`, `dummy.secret`, `test123`.
// Tests and fixtures fill secret-named fields with readable fakes; masking them changes benign lines (approval
// fatigue) and hides what a test asserts. A fake is words a person reads, one of them saying fake, and at most a
// short number: random material (`sk_test_4eC39HqLyjWDarjtT1zdp7dc`, a test-mode key, still a credential) fails
// the words test, so it stays a secret.
import { isWordyIdentifier } from './entropy';

/** A word that says the value is a stand-in. */
const FAKE_WORD = /^(?:test|tests|testing|fake|mock|mocked|dummy|stub|stubbed|sample|demo|fixture|bogus|invalid)$/;
/** A fake word run into a word (`testtoken`, `fakekey`, `mockpassword`). */
const FAKE_HEAD =
  /^(?:test|fake|mock|dummy|stub|demo|sample)(?:token|key|secret|password|pass|pwd|auth|api|user|value|data|cred|creds|credential|credentials|session|cookie|bearer)s?$/;
/** Cheap first test: the value holds one of those words at all (case-insensitive). */
const HOLDS_FAKE = /test|fake|mock|dummy|stub|sample|demo|fixture|bogus|invalid/i;

/** Whether `v` reads as a fake: segments split by `-` `_` `.` `:` (or a camel hump), each a wordy word or a short number, one a fake word. */
export function isFakeReadable(v: string): boolean {
  if (v.length > 48 || !HOLDS_FAKE.test(v)) return false;
  const parts = v
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/([A-Za-z])([0-9])/g, '$1-$2')
    .replace(/([0-9])([A-Za-z])/g, '$1-$2')
    .split(/[-_.:]+/)
    .filter((p) => p !== '');
  if (parts.length === 0) return false;
  let fake = false;
  for (const p of parts) {
    if (/^[0-9]+$/.test(p)) {
      if (p.length > 6) return false;
      continue;
    }
    const w = p.toLowerCase();
    if (!/^[a-z]+$/.test(w) || w.length > 16 || !isWordyIdentifier(w) || !/[aeiouy]/.test(w) || /[^aeiouy]{5,}/.test(w)) return false;
    if (FAKE_WORD.test(w) || FAKE_HEAD.test(w)) fake = true;
  }
  return fake;
}
