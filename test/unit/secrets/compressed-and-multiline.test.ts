// mask29: the blind kits' leaks by class, with neighbours the red team did not try. Every value is built at run time.
import { deflateSync, gzipSync } from 'node:zlib';
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x29a;
const rs = (n: number) => rand(ALNUM, n, seed++ * 7919);

/** base64 of `pack(content)`, its padding as asked (a newline more until it is). */
function blob(pack: (b: Buffer) => Buffer, content: string, padded: boolean): string {
  for (let extra = ''; ; extra += '\n') {
    const b = pack(Buffer.from(content + extra)).toString('base64');
    if (b.endsWith('=') === padded) return b;
  }
}

describe('compressed base64 blobs (gzip, zlib) are inflated and judged', () => {
  const env = () => `DB_HOST=db.internal\nAWS_SECRET_ACCESS_KEY=${rs(40)}\n`;
  it('masks a gzip+base64 blob holding a secret, padded (any text) or not (config files)', () => {
    const a = blob(gzipSync, env(), true);
    masks(`ENV_BLOB_GZ=${a}\nLOG_LEVEL=info`, [a.slice(20, 60)]);
    const b = blob(gzipSync, env(), false);
    masks(`metadata:\n  annotations:\n    acme.io/env: ${b}\n  name: api`, [b.slice(20, 60)]);
    const c = blob(deflateSync, `{"user": "svc", "api_key": "${rs(40)}"}`, true);
    masks(`const CONFIG = "${c}";`, [c.slice(20, 60)]);
  });
  it('masks a blob cut short (what inflates is judged)', () => {
    const a = blob(gzipSync, env() + 'X'.repeat(200) + rs(300), true);
    const cut = a.slice(0, 128) + '==';
    masks(`ENV_BLOB_GZ=${cut}`, [cut.slice(20, 60)]);
  });
  it('keeps compressed blobs of benign text and random bytes that open as gzip does', () => {
    keeps(`BANNER_GZ=${blob(gzipSync, 'Welcome to the build server. Have a nice day!\n', true)}`);
    keeps(`settings:\n  motd: ${blob(gzipSync, 'log_level=info\nretries=3\nregion=eu-west-1\n', false)}\n`);
    keeps(`icon = "H4sIAAAAAAAA${rs(60)}=="`);
  });
});

describe('a secret-named key opening a multi-line literal, typed or not, in every language that has one', () => {
  it("masks Swift/Kotlin typed `\"\"\"`, Python's `'''` in a dict, Rust's raw `r#\"`", () => {
    const v = () => rs(32);
    const [a, b, c, d, e] = [v(), v(), v(), v(), v()];
    masks(`enum Secrets {\n    static let apiKey: String = """\n    ${a}\n    """\n}`, [a]);
    masks(`object Keys {\n    const val API_TOKEN: String = """\n        ${b}\n    """.trimIndent()\n}`, [b]);
    masks(`CONFIG = {"token": '''\n${c}'''}`, [c]);
    masks(`const API_KEY: &str = r#"\n${d}\n"#;\nconst OTHER: u32 = 3;`, [d]);
    masks(`static SECRET_KEY: &'static str = r"\n${e}\n";`, [e]);
  });
  it('keeps prose in the same literals and typed literals under other names', () => {
    keeps('static let passwordHint: String = """\n    Use at least 12 characters.\n    """');
    keeps(`static let banner: String = """\n    ${rs(32)}\n    """`);
    keeps('const API_KEY_HELP: &str = r#"\nSet the API key in the environment.\n"#;');
  });
});

describe('a path (or a glob of paths) named after a credential is not one', () => {
  it('keeps the paths and globs a README points credentials at', () => {
    keeps(
      '# Ops\n\n- cluster credentials: /etc/kubernetes/*.conf\n- credentials: ~/.aws/credentials\n- secret: ./secrets/*.json\n' +
        '- login: ../keys/deploy?.pem\npassword_file: /run/secrets/db_password\n',
    );
  });
  it('still masks a pair written user/password and a password holding * after a slash', () => {
    const [a, b] = ['Qx7' + rs(10) + '#2', 'Zk4' + rs(14)];
    masks(`- credentials: deploy/${a}\nnext: line`, [a]);
    masks(`password: /${b}*9\n`, [b]);
  });
});
