// Before/after counts on the red-team form variants (test/unit/secrets/forms.cases.ts): secret cases still
// visible (unmasked, or an 8-char window of the secret left) and look-alikes changed. `npx tsx bench/forms-measure.ts [-v]`.
import { maskText } from '../src/core/secrets';
import { codeCases, encodedCases, proseCases, type FormCase } from '../test/unit/secrets/forms.cases';
import { leaks } from '../test/unit/secrets/helpers';

const verbose = process.argv.includes('-v');
for (const [name, make] of [
  ['encoded', encodedCases],
  ['code', codeCases],
  ['prose', proseCases],
] as const) {
  const { secret, benign } = make();
  const visible: FormCase[] = [];
  const changed: FormCase[] = [];
  for (const c of secret) {
    const out = maskText(c.text).text;
    if (out === c.text || c.secrets.some((s) => leaks(out, s))) visible.push(c);
  }
  for (const c of benign) if (maskText(c.text).text !== c.text) changed.push(c);
  console.log(`${name}: secrets still visible ${visible.length}/${secret.length}; look-alikes changed ${changed.length}/${benign.length}`);
  if (verbose) {
    for (const c of visible) console.log('  VISIBLE ' + JSON.stringify(c.text).slice(0, 150));
    for (const c of changed) console.log('  CHANGED ' + JSON.stringify(c.text).slice(0, 150) + ' -> ' + JSON.stringify(maskText(c.text).text).slice(0, 150));
  }
}
