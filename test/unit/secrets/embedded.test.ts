// Secrets embedded where the line rules stopped reading: a `${` inside a random salt (read as a template
// marker), a literal inside a string constructor, code inside a JSON string (notebooks, JSON logs), Clojure
// keyword keys, directive configs, a YAML default under a secret-named key, vendor tokens without a key name.
// Every secret is built at run time; the references and ordinary lines beside them stay byte-identical.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { isReference } from '../../../src/core/secrets/entropy';
import { ALNUM, B64URL, PASSWORD_CHARS, j, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

const SALT_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#%^&*()-_[]<>~+=,.;:/?|';
const pw = (seed: number) => rand(PASSWORD_CHARS.replace(/[#'"\\,;:]/g, ''), 22, seed);

describe('secrets: embedded values', () => {
  it('a salt holding `${` and a letter is no reference (a template marker among random text leaves the text to judge); template markers that close over a name are', () => {
    let masked = 0;
    for (let k = 0; k < 60; k++) {
      const salt = rand(SALT_CHARS, 12, 7700 + k) + '${' + 'Qx'[k % 2] + rand(SALT_CHARS, 40, 7800 + k);
      assert.equal(isReference(salt), false, salt);
      const text = `<?php\ndefine('SECURE_AUTH_SALT', '${salt}');\ndefine('DB_HOST', '\${DB_HOST}');\n`;
      const r = maskText(text);
      if (!isReference(salt)) {
        masked++;
        assert.ok(!leaks(r.text, salt.slice(16)), `salt left in ${JSON.stringify(r.text)}`);
      }
      assert.equal(r.text.split('\n')[2], "define('DB_HOST', '${DB_HOST}');");
    }
    assert.equal(masked, 60, `${masked} salts judged`);
    for (const ref of ['${DB_PASSWORD}', '${DB_PASSWORD:-changeme}', '${{ secrets.TOKEN }}', '${env:HOME}', '${var.db_password}', '${DB_PASSWORD'])
      assert.ok(isReference(ref), ref);
  });

  it('a notebook cell and a JSON log line are judged with their escapes decoded', () => {
    const [a, b, c] = [pw(1), pw(2), pw(3)];
    const nb = [
      '{',
      ' "cells": [{"cell_type": "code", "source": [',
      '    "import os\\n",',
      `    "os.environ[\\"WANDB_API_KEY\\"] = \\"${a}\\"\\n",`,
      `    "client = Client(api_key=\\"${b}\\")\\n",`,
      '    "df = pd.read_csv(\\"data.csv\\")\\n"',
      ' ]}]',
      '}',
      '',
    ].join('\n');
    const r = maskText(nb);
    for (const s of [a, b]) assert.ok(!leaks(r.text, s), r.text);
    const keep = nb.split('\n');
    const got = r.text.split('\n');
    for (const i of [0, 1, 2, 5, 6, 7]) assert.equal(got[i], keep[i]);
    const log = `{"ts":"2026-12-01T10:00:02Z","cmd":"curl -H \\"Authorization: Bearer ${c}\\" https://api.example.com"}\n`;
    assert.ok(!leaks(maskText(log).text, c));
  });

  it('Clojure and EDN keyword keys with dashes and namespaces', () => {
    const [a, b, c] = [pw(4), pw(5), pw(6)];
    const edn = `{:server {:port 8080}\n :api-token "${a}"\n :slack/bot-token "${b}"\n :client-secret "${c}"\n :token-url "https://login.example.com/token"}\n`;
    const r = maskText(edn);
    for (const s of [a, b, c]) assert.ok(!leaks(r.text, s), r.text);
    assert.equal(r.text.split('\n')[4], ' :token-url "https://login.example.com/token"}');
  });

  it('a Discord bot token under any name, told by its base64 id', () => {
    const id = '1' + rand('0123456789', 17, 41);
    const t = j(btoa(id).replace(/=+$/, ''), '.', rand(B64URL, 6, 42), '.', rand(B64URL, 38, 43));
    const r = maskText(`fn main() {\n    let discord = String::from("${t}");\n}\n`);
    assert.ok(!leaks(r.text, t.slice(0, 24)) && !leaks(r.text, t.slice(-38)), r.text);
    // Random text of the same shape whose first part is not an id's digits stays where nothing names Discord
    // (next to the word discord the shape alone is masked: secret-by-word, mask22).
    const notId = j(rand(ALNUM, 24, 44).replace(/^./, 'M'), '.', rand(B64URL, 6, 45), '.', rand(B64URL, 38, 46));
    const text = `let sample = "${notId}";\n`;
    assert.equal(maskText(text).text, text);
    const named = `let discord = "${notId}";\n`;
    assert.ok(!leaks(maskText(named).text, notId.slice(-38)));
  });

  it('directive configs: SASL maps, HAProxy, LDIF; ordinary lines kept', () => {
    const [a, b, c] = [pw(7), pw(8), pw(9)];
    const sasl = `[smtp.gmail.com]:587 alerts@example.com:${a}\n`;
    assert.ok(!leaks(maskText(sasl).text, a));
    const haproxy = `global\n  maxconn 100\nuserlist admins\n  user admin insecure-password ${b}\nlisten stats\n  stats auth admin:${c}\n`;
    const r = maskText(haproxy);
    for (const s of [b, c]) assert.ok(!leaks(r.text, s), r.text);
    assert.equal(r.text.split('\n').slice(0, 3).join('\n'), 'global\n  maxconn 100\nuserlist admins');
    const log = '2026-12-01 INFO:started\n2026-12-01 INFO:ready\n';
    assert.equal(maskText(log).text, log);
  });
});
