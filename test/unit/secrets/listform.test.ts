// secret-by-form's list form (`FERNET_KEYS = ["…", "…"]`) reads only the lines holding its opening (`=` `:` or
// `=>`, blanks, `[`, blanks, a quote) instead of running its regex over the whole text (a sixth of masking a
// source tree). These lists differ in every part of that opening and in where the line stands; each value must
// still come out of the rule itself, at its place (a line the opening's search missed would lose them).
import assert from 'node:assert/strict';
import { secretByForm } from '../../../src/core/secrets/rules/secret-by-form';
import { B64URL, rand } from '../../../src/core/secrets/samples';
import type { BlockOutput } from '../../../src/core/secrets/types';

let seed = 0x1157;
const key = () => rand(B64URL, 43, seed++ * 7919) + '=';

/** The values the rule masks in `text`, read back from its hits. */
function found(text: string): string[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0 && i + 1 < text.length; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const out: BlockOutput = { hits: new Map(), protect: new Set() };
  secretByForm.scan(text, { starts: () => starts }, out);
  const values: string[] = [];
  for (const [li, hits] of out.hits) for (const h of hits) if (h.rule === 'secret-by-form') values.push(text.slice(starts[li]! + h.start, starts[li]! + h.end));
  return values.sort();
}

describe('secret-by-form: a list of secrets is found wherever its line stands', () => {
  const cases: [string, (a: string, b: string) => string][] = [
    ['`=` with blanks, first line', (a, b) => `FERNET_KEYS = ["${a}", "${b}"]\nx = 1\n`],
    ['`:` and no blanks, last line without a newline', (a, b) => `# keys\napi_tokens:['${a}','${b}']`],
    ['`=>` (Ruby, PHP)', (a, b) => `  'secret_keys' => ['${a}', '${b}'],\n`],
    ['a tab before the bracket, blanks between items, CRLF', (a, b) => `a = 1\r\nsecret_keys =\t["${a}" ,  "${b}" ]\r\nb = 2\r\n`],
    ['after a list of plain words on the same line', (a, b) => `names = ["x", "y"]; FERNET_KEYS = ["${a}", "${b}"]\n`],
    ['after lines with other lists', (a, b) => `langs = ["en", "fr"]\nports: ["80"]\n\nFERNET_KEYS = ["${a}"]\napi_tokens = ['${b}']\n`],
  ];
  for (const [name, make] of cases) {
    it(name, () => {
      const a = key(),
        b = key();
      assert.deepEqual(found(make(a, b)), [a, b].sort());
    });
  }
  it('finds nothing in lists of plain words', () => {
    assert.deepEqual(found(`langs = ["en", "fr"]\nFERNET_KEYS = []\nservers: ['a.example.com', 'b.example.com']\n`), []);
  });
});
