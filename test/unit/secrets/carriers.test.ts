// mask28: the fresh14 red team's leaks by class (rules/carriers.ts, generic.ts url-credentials), with neighbours the
// red team did not try. Every value is built at run time.
import { createHmac } from 'node:crypto';
import { ALNUM, HEX, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x28f14;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
const pw = () => 'Rk' + rs(ALNUM, 6) + '#' + rs(ALNUM, 7);

describe('an option and its value as separate list elements', () => {
  it('masks -p/-P/-a/--token followed by the value in JSON/YAML arrays, exec arrays and YAML block lists', () => {
    const [a, b, c, d, e] = [pw(), pw(), pw(), pw(), rs(ALNUM, 32)];
    masks(`services:\n  db:\n    args: ["-u", "root", "-p", "${a}"]\n    restart: always`, [a]);
    masks(`cmd := exec.Command("mysql", "-u", "root", "-p", "${b}")`, [b]);
    masks(`new ProcessBuilder("sqlcmd", "-U", "sa", "-P", "${c}");`, [c]);
    masks(`spawn('redis-cli', ['-a', '${d}', 'ping'])`, [d]);
    masks(`    args:\n      - "--token"\n      - "${e}"\n      - "--verbose"`, [e]);
  });
  it('keeps ports and references after -p', () => {
    keeps('    args: ["-p", "8080", "-v"]');
    keeps('cmd := exec.Command("ssh", "-p", "2222", "host")');
    keeps('subprocess.run(["docker", "run", "-p", "8080:80", "nginx"])');
    keeps('  args: ["--token", "$(TOKEN)"]');
    keeps('    args:\n      - "-p"\n      - "9090"');
    // `-p` is a project to docker compose, a plugin to pytest; `-P` a flag to tar: no user option, no database client.
    keeps(
      'subprocess.run(["docker", "compose", "-p", "shop2024", "down"])\n["pytest", "-p", "pytest_cov"]\n["tar", "-P", "backup_2024.tgz"]\nargs: ["-a", "archive1.tar"]',
    );
  });
});

describe('credential lists and YAML flow mappings', () => {
  it('masks the password of a user/password list and a plain flow value holding #', () => {
    const [a, b, c, d] = [pw(), pw(), pw(), pw()];
    masks(`creds: {user: admin, pass: ${a}}\nreplicas: 3`, [a]);
    masks(`auth: {username: admin, password: ${b}, realm: x}`, [b]);
    masks(`users: [[root, "${c}"]]`, [c]);
    masks(`my $x = 1;\ncreds=(admin "${d}")`, [d]);
  });
  it('keeps lists and mappings of other things', () => {
    keeps('ports=(8080 8443)\nusers: [[alice, bob]]\nresources: {limits: {cpu: 500m, memory: 128Mi}}');
    keeps('creds: {user: admin, pass: ${DB_PASS}}');
  });
});

describe('URL credentials', () => {
  it('masks a percent-encoded URL password up to the last %40', () => {
    const a = rs(ALNUM, 5) + '%40' + rs(ALNUM, 10) + '-' + rs(ALNUM, 4);
    masks(`DATABASE_URL=postgres%3A%2F%2Fapp%3A${a}%40db%3A5432%2Fapp`, [a]);
    const b = rs(ALNUM, 16);
    masks(`redirect=https%3a%2f%2fuser%3a${b}%40example.com%2fcb`, [b]);
    keeps('redirect_uri=https%3A%2F%2Fapp.example.com%3A8443%2Fcallback');
  });
  it('masks a password holding @ up to the last @ before a templated host', () => {
    const [a, b] = [rs(ALNUM, 5), rs(ALNUM, 6) + '.' + rs(ALNUM, 4)];
    masks(`DSN = f"postgresql://admin:${a}@${b}@{host}/app"`, [b]);
    masks(`const u = \`mongodb://app:${a}@${b}@\${HOST}/db\`;`, [b]);
  });
});

describe('a secret set by a command that decodes a literal', () => {
  it('masks the literal under a secret name (base64, xxd, here-string) and a base32 copy', () => {
    const [a, b, c] = [btoa(pw()), rs(HEX, 34), rs('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 26) + '======'];
    masks(`export DB_PASSWORD=$(echo ${a} | base64 -d)\necho done`, [a]);
    masks(`API_TOKEN="$(base64 --decode <<< '${a}')"`, [a]);
    masks(`export DB_PASSWORD=$(echo ${b} | xxd -r -p)`, [b]);
    masks(`DB_PASSWORD_B32=${c}`, [c]);
  });
  it('keeps decoded non-secrets and references', () => {
    keeps('export LOGO=$(echo iVBORw0KGgoAAAA= | base64 -d)');
    keeps('export DB_PASSWORD=$(echo "$ENC" | base64 -d)');
  });
});

describe('webhook URLs whose path is the secret', () => {
  it('masks Discord, discordapp and self-hosted /hooks/ tokens', () => {
    const [a, b] = [rs(ALNUM + '-_', 68), rs('abcdefghijklmnopqrstuvwxyz0123456789', 26)];
    masks(`const hook = "https://discord.com/api/webhooks/1234567890/${a}";`, [a]);
    masks(`DISCORD=https://discordapp.com/api/webhooks/99/${a}`, [a]);
    masks(`url: https://mattermost.acme.io/hooks/${b}`, [b]);
  });
  it('keeps documentation and template webhook URLs', () => {
    keeps('see https://docs.github.com/en/webhooks/using-webhooks/creating-webhooks');
    keeps('https://example.com/api/webhooks/{id}/{token}\nhttps://git.acme.io/hooks/pre-receive');
  });
});

describe('Windows net use / net user', () => {
  it('masks the password argument wherever it stands', () => {
    const [a, b, c] = [pw(), pw(), pw()];
    masks(`$pass = 1\nnet use \\\\srv\\share /user:corp\\admin ${a}\nWrite-Host "done"`, [a]);
    masks(`net use Z: \\\\srv\\share ${b} /user:corp\\admin /persistent:no`, [b]);
    masks(`net user svc_backup ${c} /add`, [c]);
  });
  it('keeps prompts and options', () => {
    keeps('net use Z: \\\\srv\\share /persistent:yes\nnet use \\\\srv\\share /user:corp\\admin *\nnet user administrator /active:yes');
  });
});

describe('builder and setter calls named for a secret', () => {
  it('masks .apiSecret/.bearerAuth/.accessToken/.clientSecret literals', () => {
    const [a, b, c] = [rs(ALNUM, 40), rs(ALNUM, 32), rs(ALNUM, 40)];
    masks(`  Client c = Client.builder().apiSecret("${a}").build();`, [a]);
    masks(`  req.bearerAuth("${b}");\n  req.timeout(30);`, [b]);
    masks(`  .accessToken('${c}')\n  .clientSecret("${a}")`, [a, c]);
  });
  it('keeps URLs, names and variables', () => {
    keeps('  .tokenUrl("https://auth.example.com/token")\n  .apiSecretName("prod-api-secret")\n  .bearerAuth(token)\n  cache.key("user-profile")');
  });
});

describe('a token named in a comment or prose', () => {
  it('masks a random token right after key/token/secret', () => {
    const [a, b, c] = [rs(ALNUM, 40), rs(ALNUM, 40), rs(ALNUM, 36)];
    masks(`# rotated\n// TODO remove before commit: key ${a}\n# policy: 12 chars`, [a]);
    masks(`Use token \`${b}\` for the staging API.\nAsk #ops for access.`, [b]);
    masks(`# FIXME temp api key: ${c}`, [c]);
  });
  it('keeps words and identifiers after those words', () => {
    keeps('The key idempotencyKeyForRequestsV2 is sent on retries.\nSet the token ACCESS_TOKEN_EXPIRES_IN_SECONDS in config.');
    keeps('// The token is refreshed by the scheduler.');
  });
});

describe('salts, peppers and Bundler credentials', () => {
  it('masks HMAC_SALT, a pepper and a Bundler source password', () => {
    const [a, b, c] = [rs(HEX, 32), rs(ALNUM, 40), rs(HEX, 8)];
    masks(`COOKIE_SECRET=x\nHMAC_SALT=${a}\nSALT_ROUNDS=12`, [a]);
    masks(`SECURITY_PASSWORD_PEPPER="${b}"`, [b]);
    masks(`---\nBUNDLE_GEMS__CONTRIBSYS__COM: "user:${c}"\nBUNDLE_PATH: "vendor/bundle"`, [c]);
  });
  it('keeps rounds, references and Bundler options', () => {
    keeps('SALT_ROUNDS=12\nPASSWORD_SALT=${PASSWORD_SALT}\nBUNDLE_BUILD__NOKOGIRI: "--use-system-libraries"');
  });
});

describe('a JWT signed with a documentation key', () => {
  const sign = (body: string, key: string) => `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
  const body = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(JSON.stringify({ sub: '1234567890' })).toString('base64url')}`;
  it("keeps jwt.io's example (HS256 under the public your-256-bit-secret: anyone can forge it)", () => {
    keeps(`{"example_jwt": "${sign(body, 'your-256-bit-secret')}"}`);
  });
  it('masks the same token signed with any other key', () => {
    const t = sign(body, rs(ALNUM, 32));
    masks(`{"example_jwt": "${t}"}`, [t.slice(t.lastIndexOf('.') + 1)]);
  });
});
