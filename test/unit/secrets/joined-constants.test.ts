// A secret split into string constants and joined on a line naming a secret, in the forms languages join strings.
import { ALNUM, j, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x31d0;
const rs = (n: number) => rand(ALNUM, n, seed++ * 7919);

describe('joined-constants: every piece of a secret joined from constants is masked', () => {
  const forms: [string, (a: string, b: string) => string][] = [
    ['f-string', (a, b) => `A = "${a}"\nB = "${b}"\napi_key = f"{A}{B}"`],
    ['JS template', (a, b) => `const A = '${a}';\nconst B = '${b}';\nconst token = \`\${A}\${B}\`;`],
    ['"".join', (a, b) => `A = "${a}"\nB = "${b}"\nsecret = "".join([A, B])`],
    ['concat', (a, b) => `const A = "${a}";\nconst B = "${b}";\nconst token = A.concat(B);`],
    ['[].join("")', (a, b) => `const A = "${a}";\nconst B = "${b}";\nconst token = [A, B].join("");`],
    ['Java typed', (a, b) => `static final String A = "${a}";\nstatic final String B = "${b}";\nString token = A + B;`],
    ['PHP dot', (a, b) => `$a = '${a}';\n$b = '${b}';\n$token = $a . $b;`],
    ['Go :=', (a, b) => `a := "${a}"\nb := "${b}"\ntoken := a + b`],
    ['Rust format!', (a, b) => `let a = "${a}";\nlet b = "${b}";\nlet token = format!("{}{}", a, b);`],
    ['a trailing empty string', (a, b) => `A = '${a}'\nB = '${b}'\nTOKEN = A + B + ""`],
    ['an auth header', (a, b) => `A = "${a}"\n\n# later\nB = "${b}"\n\nheaders = {"Authorization": "token " + A + B}`],
    ['% format', (a, b) => `A = "${a}"\nB = "${b}"\ntoken = "%s%s" % (A, B)`],
    ['str.format', (a, b) => `A = "${a}"\nB = "${b}"\ntoken = "{}{}".format(A, B)`],
    ['Go Sprintf', (a, b) => `const a = "${a}"\nconst b = "${b}"\nvar token = fmt.Sprintf("%s%s", a, b)`],
    ['Java String.format', (a, b) => `String a = "${a}";\nString b = "${b}";\nString apiKey = String.format("%s%s", a, b);`],
    ['Lua ..', (a, b) => `local a = "${a}"\nlocal b = "${b}"\nlocal token = a .. b`],
    ['Kotlin template', (a, b) => `val a = "${a}"\nval b = "${b}"\nval secret = "\${a}\${b}"`],
    ['C# interpolation', (a, b) => `const string A = "${a}";\nconst string B = "${b}";\nvar token = $"{A}{B}";`],
    ['Ruby interpolation', (a, b) => `A = '${a}'\nB = '${b}'\nTOKEN = "#{A}#{B}"`],
    ['call with a secret name', (a, b) => `A = "${a}"\nB = "${b}"\nclient = Client(api_key=A + B)`],
    ['three pieces', (a, b) => `A = "${a.slice(0, 8)}"\nB = "${a.slice(8)}"\nC = "${b}"\npassword = A + B + C`],
  ];
  for (const [name, form] of forms)
    it(`masks ${name}`, () => {
      const [a, b] = [j('gh', 'p_', rs(10)), rs(26)];
      masks(form(a, b), name === 'three pieces' ? [a.slice(0, 8), a.slice(8), b] : [a, b]);
    });
});

describe('joined-constants: joins of words, hosts and paths stay', () => {
  const benign = [
    'const A = "hello";\nconst B = "world";\nconst token = `${A}${B}`;',
    'PREFIX = "api"\nSUFFIX = "v2"\nkey = f"{PREFIX}{SUFFIX}"',
    'const HOST = "db.internal";\nconst PORT = "5432";\nconst key = [HOST, PORT].join(":");',
    'BASE = "/var/lib"\nNAME = "tokens.db"\ntoken_path = BASE + NAME',
    'A = "cache"\nB = "key"\ncache_key = A + B',
    'FIRST = "Jane"\nLAST = "Doe"\nauthor = FIRST + LAST\nkey = author',
    'a := "session"\nb := "-store"\ntokenStore := a + b',
    '$a = "user";\n$b = "name";\n$key = $a . $b;',
    'const A = "Bearer ";\nconst token = A + getToken();',
    'A = "${SECRET_A}"\nB = "${SECRET_B}"\ntoken = A + B',
    'prefix = "sk_"\nsecret = prefix + os.environ["SUFFIX"]',
    'const ns = "app";\nconst kind = "tokens";\nconst key = `${ns}:${kind}`;',
    'X = "abcdefgh"\nY = "abcdefgh"\ntoken = X + Y',
    'A = "0000000000"\nB = "0000000000"\nkey = A + B',
    'const a = "Hello, ";\nconst b = "secret world";\nconsole.log(a + b);',
    'A = "en"\nB = "US"\nlocale_key = "%s_%s" % (A, B)',
    'const dir = "keys";\nconst file = "public.pem";\nconst keyPath = [dir, file].join("/");',
    'const A = "test-token";\nconst B = "-123";\nconst testToken = A + B;',
    'KEY_PREFIX = "user:"\nKEY_SUFFIX = ":profile"\nkey = KEY_PREFIX + id + KEY_SUFFIX',
    'a = "pass"\nb = "word"\nlabel = a + b  # the password field',
  ];
  for (const t of benign) it(`keeps ${JSON.stringify(t.slice(0, 50))}`, () => keeps(t + '\n'));
});

describe('joined-constants: a host or a path among the pieces is no token', () => {
  it('keeps a host joined with a random port name', () => keeps(`HOST = "0.0.0.0"\nPORT = "${rs(20)}"\ntoken_url = HOST + PORT\n`));
});

describe('joined-constants: names and far-away constants are no pieces', () => {
  it('keeps a slug of words joined with a random value', () => keeps(`const k = "key-value-store";\nconst r = "${rs(20)}";\nconst token = \`\${k}\${r}\`;\n`));
  it('keeps constants declared far above the join', () =>
    keeps(`const a = "${rs(12)}";\n${'// filler line\n'.repeat(700)}const b = "${rs(12)}";\nconst token = \`\${a}\${b}\`;\n`));
});
