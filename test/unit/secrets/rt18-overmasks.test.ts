// rt18mask's over-masks, by class, in variants of our own: the lines after a token's head taken for its pieces when
// they are assignments of their own (`SLACK_TOKEN = "xoxb-your-token-here"` then `client_id = "<uuid>"`,
// `auth_token = '<whole token>'` then `sha = '<git sha>'`); a member of a container named for secrets whose own name
// says it is an identifier or a digest (`module Keys` … `trace_id = '<hex>'`, `client_id = "<uuid>"`); and a line of
// code in a file that reads as YAML or INI (`token = ''.join([`). Every such line is kept byte for byte; the secrets
// beside them are still masked. Every value is built at run time.
import { ALNUM, HEX, rand } from '../../../src/core/secrets/samples';
import { checkKeptAndHidden } from './helpers';

let seed = 0x18c0;
const rs = (a: string, n: number) => rand(a, n, seed++ * 7919);
const uuid = () => [8, 4, 4, 4, 12].map((n) => rs(HEX, n)).join('-');

const check = checkKeptAndHidden;

describe('assignments after a token head are not its pieces', () => {
  it('a placeholder head, then a uuid and a placeholder', () =>
    check(`// helper\nSLACK_TOKEN = "xoxb-your-token-here"\nclient_id = "${uuid()}"\nsecret_key = "REPLACE_ME"\n`, [2, 3, 4]));
  it('a placeholder head, then an env var name', () => check(`SLACK_TOKEN = "xoxb-your-token-here"\nsentry_dsn_env = "SENTRY_DSN"\n`, [1, 2]));
  it('a whole token, then a git sha', () => {
    const t = 'rk' + '_live_' + rs(ALNUM, 24);
    check(`environment {\n    auth_token = '${t}'\n    sha = '${rs(HEX, 40)}'\n    etag = '"${rs(HEX, 32)}"'\n}\n`, [3, 4], [t.slice(8)]);
  });
  it('a whole token, then a trace id and a build id', () => {
    const t = 'gh' + 'p_' + rs(ALNUM, 36);
    check(`token = "${t}"\ntrace_id = "${rs(HEX, 32)}"\nbuild = "${rs(HEX, 12)}"\n`, [2, 3], [t.slice(4)]);
  });
  it('still joins real pieces', () => {
    const t = 'gh' + 'p_' + rs(ALNUM, 36);
    check(`let T = "${t.slice(0, 4)}";\nT += "${t.slice(4, 20)}";\nT += "${t.slice(20)}";\nconsole.log(T);\n`, [4], [t.slice(4, 20), t.slice(20)]);
  });
});

describe('identifiers inside a container named for secrets', () => {
  it('ruby module Keys', () => {
    const p = 'kf' + rs(ALNUM, 14) + '7';
    check(`module Keys\n  trace_id = '${rs(HEX, 32)}'\n  MYSQL_ROOT_PASSWORD = '${p}'\n  request_id = '${uuid()}'\nend\n`, [2, 4], [p]);
  });
  it('kotlin object Secrets', () => {
    const s = rs(ALNUM, 30) + '7q';
    check(`object Secrets {\n    val client_id = "${uuid()}"\n    val STRIPE = "${s}"\n    val commitSha = "${rs(HEX, 40)}"\n}\n`, [2, 4], [s]);
  });
  it('python class Tokens', () => check(`class Tokens:\n    build_id = "${rs(HEX, 12)}a1"\n    image_digest = "${rs(HEX, 64)}"\n`, [2, 3]));
  it('swift enum ApiKeys', () => check(`enum ApiKeys {\n    static let appId = "${uuid()}"\n    static let checksum = "${rs(HEX, 40)}"\n}\n`, [2, 3]));
});

describe('code in a file that reads as YAML or INI', () => {
  it("''.join([ under a token name", () => check(`password: "x"\nTOKEN = "a" \\\n    "b"\ntoken = ''.join([\n    "abc",\n])\n`, [4]));
  it('"".join( and a call', () => check(`[main]\nkey = "".join(parts)\nsecret = get_secret("db")\n`, [2, 3]));
  it('still masks a value with a comma', () => {
    const v = rs(ALNUM, 8) + ',' + rs(ALNUM, 10);
    check(`[db]\npassword = ${v}\n`, [1], [v]);
  });
});
