// Secrets one literal form away (forms.cases.ts): encoded (unpadded base64, hex, hex dumps), built in code
// (character codes, byte arrays, escaped strings, joined literals, decoders) and told in prose or names
// (other languages, homoglyph keys, Windows commands, compound names, URL passwords holding `@`,
// `user / password`). Every secret case is masked with no 8-char window of its secret left and the line
// count kept; every look-alike (digests, UUIDs, base64 and hex of plain text, character codes of words,
// prose in other languages) stays byte-identical.
import { codeCases, describeForms, encodedCases, proseCases } from './forms.cases';

describeForms([
  ['encoded tokens (base64 without padding, hex, hex dumps)', encodedCases],
  ['tokens assembled in code', codeCases],
  ['passwords in prose and names', proseCases],
]);
