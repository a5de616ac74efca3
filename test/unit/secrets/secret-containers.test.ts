// String literals inside a container named for secrets are masked, whatever the members are called; containers
// of other names, and members holding names, URLs or words, stay. Every value is built at run time.
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x31c0;
/** A random value with a letter and a digit (what an API key looks like). */
const v = (n = 32) => rand(ALNUM, n - 2, seed++ * 7919) + 'k7';

describe('secret-containers: members of an enum, class, object, module or dict named for secrets', () => {
  const cases: [string, (x: string) => string][] = [
    ['TypeScript enum', (x) => `enum Secrets {\n  Api = "${x}",\n}`],
    ['exported enum of tokens', (x) => `export enum Tokens {\n  GITHUB = '${x}',\n}`],
    ['const enum', (x) => `const enum ApiKeys {\n  Stripe = "${x}",\n}`],
    ['Python class', (x) => `class Keys:\n    STRIPE = "${x}"`],
    ['Python class, typed member', (x) => `class Credentials:\n    db: str = "${x}"`],
    ['Python dict', (x) => `SECRETS = {\n    "stripe": "${x}",\n}`],
    ['Python dict(', (x) => `API_KEYS = dict(\n    stripe="${x}",\n)`],
    ['Kotlin object', (x) => `object Secrets {\n    const val STRIPE = "${x}"\n}`],
    ['Kotlin enum class', (x) => `enum class ApiKeys(val v: String) {\n    STRIPE("${x}"),\n}`],
    ['C# static class', (x) => `public static class Keys {\n    public const string Stripe = "${x}";\n}`],
    ['Java class', (x) => `public final class Secrets {\n    public static final String STRIPE = "${x}";\n}`],
    ['Swift enum', (x) => `enum Secrets: String {\n    case stripe = "${x}"\n}`],
    ['Swift struct', (x) => `struct ApiKeys {\n    static let maps = "${x}"\n}`],
    ['JS object', (x) => `const Secrets = {\n  stripe: "${x}",\n};`],
    ['JS frozen object', (x) => `export const TOKENS = Object.freeze({\n  slack: \`${x}\`,\n});`],
    ['Ruby module', (x) => `module Keys\n  STRIPE = "${x}"\nend`],
    ['Ruby class', (x) => `class Credentials\n  GITHUB = '${x}'.freeze\nend`],
    ['Rust mod', (x) => `pub mod secrets {\n    pub const STRIPE: &str = "${x}";\n}`],
    ['PHP class', (x) => `class ApiKeys {\n    const STRIPE = '${x}';\n}`],
    ['nested deeper, second member', (x) => `enum Secrets {\n  Docs = "https://example.com/docs",\n  Api = "${x}",\n}`],
    ['Scala object', (x) => `object Credentials {\n  val stripe = "${x}"\n}`],
  ];
  for (const [name, form] of cases) {
    it(`masks a member of a ${name}`, () => {
      const x = v();
      masks(form(x), [x]);
    });
  }
});

describe('secret-containers: containers of other names and members that are not secrets stay', () => {
  const benign = [
    'enum Keys {\n  Enter = "Enter",\n  Escape = "Escape",\n}',
    'class SecretNames:\n    DB = "db-password"\n    API = "STRIPE_API_KEY"\n',
    'enum Secrets {\n  Docs = "https://vault.internal/v1/secret",\n  Path = "/run/secrets/db",\n}',
    'const Tokens = {\n  primary: "#0a84ff",\n  spacing: "8px",\n  font: "Inter, sans-serif",\n};',
    'class Credentials:\n    user = "svc-deploy"\n    region = "us-east-1"\n    password = os.environ["DB_PASSWORD"]\n',
    `enum Colors {\n  Api = "${rand(ALNUM, 30, 0x31c9)}k7",\n}`,
    `class KeyboardLayout:\n    QWERTY = "${rand(ALNUM, 30, 0x31ca)}k7"\n`,
    'enum TokenType {\n  Identifier = "identifier",\n  Number = "number",\n}',
    'enum Keys {\n  Up = "ArrowUp",\n  Down = "ArrowDown",\n}',
    'object Secrets {\n    const val HEADER = "X-Api-Key"\n    const val ENV = "API_TOKEN"\n}',
    'class Secrets:\n    """Where the app finds its secrets."""\n    source = "vault"\n',
    'const secrets = {\n  db: process.env.DB_PASSWORD,\n  api: process.env.API_KEY,\n};',
    'SECRETS = {\n    "stripe": "${STRIPE_KEY}",\n}',
    'enum Secrets {\n  Api = "test-api-key-1",\n}',
    'class Keys:\n    pass\n\nSTRIPE = "sk_not_in_class"\n',
    'enum Keys {\n  A = "a",\n}\nconst other = "abcdefghijklmnopqrstuvwxyz0123";\n',
    'module Tokens\n  LPAREN = "("\n  RPAREN = ")"\nend',
    'export enum ApiKeys {\n  Stripe = "stripe",\n  Github = "github",\n}',
    'class Credentials:\n    help = "Set the token in your environment"\n',
    'struct Keys {\n    static let save = "cmd+s"\n}',
  ];
  for (const t of benign) it(`keeps ${JSON.stringify(t.slice(0, 50))}`, () => keeps(t + '\n'));
});

describe('secret-containers: a header with its brace on the next line (Allman style)', () => {
  it('masks a member of a C# class whose brace opens below it', () => {
    const x = v();
    masks(`public static class Keys\n{\n    public const string Stripe = "${x}";\n}`, [x]);
  });
});
