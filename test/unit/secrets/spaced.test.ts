// Key names the masker knows whose separator is blanks (rules/spaced.ts), a here-string into a secret-named
// variable, and PagerDuty's routing key under its name. Values built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, HEX, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

describe('secret-named keys with blanks for a separator', () => {
  const key = rand(HEX, 32, 0x5a5201);
  const tok = rand(ALNUM, 22, 0x5a5202);

  it('masks Fluent Bit, Fluentd and name-value configs, keeping every other line', () => {
    const texts = [
      ['[OUTPUT]', '    Name datadog', `    apikey ${key}`, '    Host example.com'],
      ['<match **>', '  @type elasticsearch', `  api_key ${tok}`, '</match>'],
      ['# key value style', `secret_key\t${tok}`, `api_key     ${key}`, 'port 8080'],
    ];
    for (const lines of texts) {
      const text = lines.join('\n');
      const out = maskText(text).text.split('\n');
      assert.equal(out.length, lines.length);
      assert.ok(!leaks(out.join('\n'), key) && !leaks(out.join('\n'), tok), out.join('\n'));
      assert.equal(out[0], lines[0]);
      assert.equal(out[3], lines[3]);
    }
  });

  it('masks a here-string read into a secret-named variable', () => {
    assert.ok(!leaks(maskText(`read -r TOKEN <<< "${tok}"`).text, tok));
    assert.equal(maskText('read -r NAME <<< "hello"').text, 'read -r NAME <<< "hello"');
  });

  it("masks PagerDuty's routing key, keeps a message broker's routing key", () => {
    for (const text of [`      - routing_key: ${key}`, `PAGERDUTY_ROUTING_KEY=${key}`]) assert.ok(!leaks(maskText(text).text, key), text);
    for (const text of ["channel.basic_publish(exchange='', routing_key='task_queue', body=msg)", 'routing_key: orders.created'])
      assert.equal(maskText(text).text, text);
  });
});
