// Blind red team's over-masks (session 39): a CSV's second table (after a blank line, or a section's own header row)
// was read under the first table's header, so its column in the password's place was masked (`service,endpoint,region`
// under `user,password,role`). A row starts a new table when every field is a name of words, half or more of them
// column words, and it holds nothing the table it is in would mask; the password column goes on past rows of names
// and blank lines. Every secret value is built at run time.
import { ALNUM, HEX, rand } from '../../../src/core/secrets/samples';
import { checkKeptAndHidden } from './helpers';

let seed = 0x40c0;
const rs = (a: string, n: number) => rand(a, n, seed++ * 7919);
const pw = () => 'Qx' + rs(ALNUM, 12) + '7!k';

const check = checkKeptAndHidden;

describe("mask40: a CSV's next table is read under its own header", () => {
  it('a second table after a blank line', () => {
    const a = pw();
    check(
      `username,password,role\nalice,${a},admin\n\nservice,endpoint,region\nbilling,api-billing-internal-8443,eu-west-1\nsearch,SearchCluster01Primary,us-east-2\n`,
      [1, 3, 4, 5, 6],
      [a],
    );
  });
  it("a section's header row without a blank line (TSV)", () =>
    check(`name\tsecret\tnotes\nweb\t\tTODO rotate\nversion\tcommit\tnotes\n1.4.2\t${rs(HEX, 20)}\tRelease build 2026\n`, [1, 2, 3, 4], []));
  it('a new table whose own header names a secret column masks it', () => {
    const [a, b] = [pw(), pw()];
    check(`id,name,build_ref\n1,app,Ab12Cd34Ef56Gh78\n\nid,name,api_key\n1,app,${a}\n2,web,${b}\n`, [1, 2, 4], [a, b]);
  });
  it('data rows are no header: the password column goes on past a blank line and rows of names', () => {
    const [a, b, c] = [pw(), pw(), pw()];
    check(`username,password,role\nalice,${a},admin\n\ncarol,sunshine,admin\ndave,${b},viewer\neve,,user\nfrank,${c},viewer\n`, [1, 4, 6], [a, b, c]);
  });
});
