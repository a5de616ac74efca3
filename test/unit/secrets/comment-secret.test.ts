// A random token in a comment that calls it a credential, with no key name (comment-secret); comments holding a
// git SHA, a UUID, a path, an identifier or prose near the same words stay. Tokens are built here at run time.
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0xc0c0;
const tok = (n = 32) => rand(ALNUM, n - 3, seed++ * 7919) + 'b4K';
const LEAKS: ((v: string) => string)[] = [
  (v) => `// old key, rotate later: ${v}`,
  (v) => `# creds for staging: admin / ${v}`,
  (v) => `// DO NOT COMMIT ${v}`,
  (v) => `/* temp key until the vault works: ${v} */`,
  (v) => `  # TODO rotate ${v}`,
  (v) => `-- prod key ${v} (revoke after migration)`,
  (v) => `; leaked on 2024-03-01, ${v}`,
  (v) => ` * Old key: ${v}`,
  (v) => `<!-- staging key ${v} -->`,
  (v) => `# Creds: deploy ${v}`,
  (v) => `// secret for the webhook ${v}`,
  (v) => `# backup key ${v}`,
  (v) => `// api key (do not commit): ${v}`,
  (v) => `# REVOKE ${v}`,
  (v) => `// rotate: ${v}, ${tok(40)}`,
  (v) => `% old key ${v}`,
  (v) => `rem creds ${v}`,
  (v) => `    // Rotate ${v} next sprint`,
  (v) => `# leaked token ${v}`,
  (v) => `// DO NOT COMMIT: ${v}`,
];

describe('comment secret', () => {
  for (const [i, make] of LEAKS.entries())
    it(`masks the token in comment ${i}`, () => {
      const v = tok(24 + ((i * 7) % 30));
      masks(`const x = 1;\n${make(v)}\nreturn x;\n`, [v]);
    });
  const benign = [
    '// fixed in commit 3f2a9c1d4e5b6a7f8e9d0c1b2a3f4e5d6c7b8a9f\n',
    '# rotate the key with scripts/rotateApiKeyForStagingEnvironment.sh\n',
    '// creds come from process.env.DATABASE_PASSWORD_FOR_STAGING\n',
    '# revoke tokens: see https://example.com/docs/RevokeTokens2024Guide\n',
    '// rotate id 123e4567-e89b-12d3-a456-426614174000\n',
    '// DO NOT COMMIT changes to generated/ProtoBufferMessages2Generated.java\n',
    '# commit 9fceb02d0ae598e95dc970b74767f19372d61af8 broke the build\n',
    '// secret rotation handled by AwsSecretsManagerRotationLambda\n',
    '# old key format: ssh-rsa AAAA... user@host\n',
    '// leaked memory in handleIncomingWebSocketMessageV2\n',
    'const secret = getSecret(); // no literal here\n',
    'x = "Zq8vTn2pLw5xRk7mBc3dHf9gJs4aWe6u" // just data, no credential words\n',
    '# rotate logs daily\n',
    '// Creds: see 1Password item "Staging DB"\n',
    '# api key header name: X-Api-Key-For-Internal-Services-2\n',
    '// sha256 of the release: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\n',
    '# staging key path: /etc/ssl/private/stagingServerKey2024.pem\n',
    '// revoke via RevokeAccessTokenRequestBuilder\n',
    '# DO NOT COMMIT this file\n',
  ];
  for (const t of benign) it(`keeps ${JSON.stringify(t.trim().slice(0, 50))}`, () => keeps(t));
});
