// Readable stand-ins under secret names (tests and fixtures) stay; random material beside a fake word does not.
import assert from 'node:assert/strict';
import { isFakeReadable } from '../../../src/core/secrets/fake-values';
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x3190;
const rs = (n: number) => rand(ALNUM, n, seed++ * 7919) + 'q7';

describe('fake values: readable stand-ins under secret names stay', () => {
  const lines = [
    'const testToken = "test-token-123"',
    'testToken := "test-token-123"',
    'api_key = "fake_api_key_1"',
    'API_SECRET = "fake-secret-for-tests"',
    'password: "mock-pass-1"',
    'GITHUB_TOKEN: dummy-github-token',
    'secret: "stub_secret_42"',
    'let token = "testing-token-abc"',
    'clientSecret: "test-client-secret"',
    '"access_token": "fake.access.token"',
    'token = "demo-token-2024"',
    'SESSION_SECRET=test-session-secret-1',
    'auth_token = "sample-auth-token"',
    'refreshToken: "mockRefreshToken1"',
    'private_key = "fixture-private-key"',
    'apiKey: "bogus-api-key-7"',
    'BEARER = "invalid-token-for-test"',
    'signing_secret = "test_signing_secret_99"',
    'webhook_secret: "fake-webhook-secret"',
    'token = "testtoken-001"',
    'Token: "TEST-TOKEN-123"',
  ];
  for (const l of lines) it(`keeps ${l}`, () => keeps(l + '\n'));
});

describe('fake values: random material is a secret even beside a fake word', () => {
  const forms: [string, (v: string) => string][] = [
    ['a test-mode key', (v) => `STRIPE_SECRET = "sk_test_${v}"`],
    ['a random tail after test-', (v) => `token = "test-${v}"`],
    ['a random head before -fake', (v) => `api_key = "${v}-fake"`],
    ['a random middle', (v) => `secret: "mock_${v}_1"`],
  ];
  for (const [name, form] of forms)
    it(`masks ${name}`, () => {
      const v = rs(24);
      masks(form(v), [v]);
    });
  it('reads words, not random letters', () => {
    assert.equal(isFakeReadable('test-token-123'), true);
    assert.equal(isFakeReadable('test-xqzvbnmk-123'), false);
    assert.equal(isFakeReadable('test-token-12345678'), false);
    assert.equal(isFakeReadable('token-123'), false);
  });
});
