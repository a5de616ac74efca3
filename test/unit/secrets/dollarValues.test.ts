// A value that starts with `$` is a reference only when it reads as one (`$DB_PASSWORD`, `$HOME/.ssh`,
// `$_ENV['KEY']`, `$this->password`). WordPress salts are random printable text in single quotes, where PHP
// expands nothing, and about one in ninety starts with `$` and a letter: `define('AUTH_KEY', '$wCL,yap~5U>=}…')`
// was kept whole as "a reference". Every salt is built at run time; the references beside it stay byte-identical.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

const SALT_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#%^&*()-_[]{}<>~+=,.;:/?|';

describe('secrets: values that start with $', () => {
  it('a WordPress salt starting with $ and a letter is masked, in every define of the file', () => {
    for (let k = 0; k < 40; k++) {
      const salts = ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_SALT', 'NONCE_SALT'].map(
        (n, i) => [n, '$' + 'wq'[i % 2] + rand(SALT_CHARS, 63, 9100 + k * 31 + i)] as const,
      );
      const text = `<?php\ndefine( 'DB_NAME', 'wordpress' );\n${salts.map(([n, v]) => `define( '${n}', '${v}' );`).join('\n')}\ndefine( 'WP_DEBUG', false );\n`;
      const r = maskText(text);
      for (const [, v] of salts) assert.ok(!leaks(r.text, v), `salt left in ${JSON.stringify(r.text)}`);
      assert.ok(r.text.includes("define( 'DB_NAME', 'wordpress' );") && r.text.includes("define( 'WP_DEBUG', false );"));
    }
  });

  it('references stay as they are', () => {
    const text = [
      'DB_PASSWORD=$DB_PASSWORD',
      'DB_PASSWORD=${DB_PASSWORD}',
      'API_TOKEN=${API_TOKEN:-}',
      'token: ${{ secrets.NPM_TOKEN }}',
      "define( 'DB_PASSWORD', $_ENV['DB_PASSWORD'] );",
      '$password = $this->password;',
      'api_key: $API_KEY',
      'secret_file = $HOME/.config/app/secret',
      '$env:API_TOKEN = $env:CI_TOKEN',
      '',
    ].join('\n');
    assert.equal(maskText(text).text, text);
  });
});
