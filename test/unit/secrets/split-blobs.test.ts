// A gzip+base64 blob split over string literals on several lines: masked when the joined pieces inflate to a secret.
import { gzipSync } from 'node:zlib';
import { ALNUM, j, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x31f8;
const rs = (n: number) => rand(ALNUM, n, seed++ * 7919);
/** base64 of gzip of `content`, without `=` padding (a newline more until it has none). */
function blob(content: string, padded = false): string {
  for (let extra = ''; ; extra += '\n') {
    const b = gzipSync(Buffer.from(content + extra)).toString('base64');
    if (b.endsWith('=') === padded) return b;
  }
}
const cut = (b: string, n: number) => Array.from({ length: Math.ceil(b.length / n) }, (_, i) => b.slice(i * n, i * n + n));

describe('split-blobs: a compressed blob split over literals is masked', () => {
  const contents = () => [`GITHUB_TOKEN=${j('gh', 'p_', rs(36))}\n`, `{"password": "${rs(20)}"}`, `api_key: ${rs(32)}\n`];
  const forms: [string, (p: string[]) => string][] = [
    ['Python implicit', (p) => `x = (\n${p.map((s) => `    "${s}"`).join('\n')}\n)`],
    ['backslash continuation', (p) => `x = ${p.map((s) => `"${s}"`).join(' \\\n    ')}`],
    ['JS + at line end', (p) => `const x = ${p.map((s) => `'${s}'`).join(' +\n  ')};`],
    ['JS + at line start', (p) => `const x = ${p.map((s) => `"${s}"`).join('\n  + ')};`],
    ['C implicit', (p) => `static const char *x =\n${p.map((s) => `  "${s}"`).join('\n')};`],
    ['VB &', (p) => `x = ${p.map((s) => `"${s}"`).join(' &\n    ')}`],
    ['Lua ..', (p) => `local x = ${p.map((s) => `"${s}"`).join(' ..\n  ')}`],
  ];
  for (const [name, form] of forms)
    for (const [k, c] of contents().entries())
      it(`masks ${name} #${k}`, () => {
        const b = blob(c);
        const pieces = cut(b, 40);
        masks(form(pieces), pieces);
      });
});

describe('split-blobs: split blobs of benign text stay', () => {
  const forms: [string, string][] = [
    ['a banner', 'Welcome to the build server. Have a nice day!\n'],
    ['a config without secrets', 'log_level=info\nretries=3\nregion=eu-west-1\n'],
    ['a README', '# Project\n\nRun `npm test` to test.\n'],
  ];
  for (const [name, c] of forms)
    it(`keeps ${name}`, () => {
      const pieces = cut(blob(c), 40);
      keeps(`x = (\n${pieces.map((s) => `    "${s}"`).join('\n')}\n)\n`);
    });
  it('keeps pieces that start like gzip but are not', () => keeps('const GZIP_MAGIC = "H4sI"; // gzip header in base64\nconst parts = ["H4sI",\n  "AAAA"];\n'));
  it('keeps a single literal of a benign blob', () => keeps(`x = "${blob('hello world, nothing to see\n')}"\n`));
});

describe('split-blobs: a quote before H4sI that opens no literal', () => {
  // JSON text holding `\"H4sI…\"`: the quote before the magic is escaped, the piece ends at `\` (no closing quote).
  // The scan found no piece and threw reading the last of none, which failed the whole read closed.
  it('keeps an escaped-quoted benign blob in JSON without throwing', () =>
    keeps(`{"payload": "{\\"data\\": \\"${blob('hello world, nothing to see\n')}\\"}"}\n`));
  it('keeps a blob quoted then followed by a non-base64 character', () => keeps(`x = "H4sIAAAA!"\ny = 'H4sI\\'\n`));
  it('still masks a split secret blob after one that opens no literal', () => {
    const pieces = cut(blob(`GITHUB_TOKEN=${j('gh', 'p_', rs(36))}\n`), 40);
    masks(`a = "H4sI\\"\nx = (\n${pieces.map((s) => `    "${s}"`).join('\n')}\n)\n`, pieces);
  });
});
