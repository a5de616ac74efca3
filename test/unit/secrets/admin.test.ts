// Secrets handed to administration commands with no flag naming them (rules/admin.ts), read in shell
// scripts and histories: every one masked, every look-alike and every other line kept byte-identical.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, PASSWORD_CHARS, j, rand } from '../../../src/core/secrets/samples';
import { leaks, linesOf } from './helpers';

const pw = () => j('k9', rand(PASSWORD_CHARS.replace(/[#'",;:|]/g, ''), 18));

describe('secrets handed to administration commands (shell scripts and histories)', () => {
  it('masks the password or token of each command and keeps every other line', () => {
    const p = Array.from({ length: 10 }, pw);
    const t = rand(ALNUM, 45);
    const rows: [string, string | null][] = [
      ['cd /srv/app', null],
      ['git pull --rebase', null],
      [`rabbitmqctl add_user app ${p[0]}`, p[0]!],
      [`sudo rabbitmqctl change_password admin "${p[1]}"`, p[1]!],
      [`ngrok config add-authtoken ${t}`, t],
      [`ngrok authtoken ${t}`, t],
      [`echo "deploy:${p[2]}" | sudo chpasswd`, p[2]!],
      [`sudo chpasswd <<< 'ops:${p[3]}'`, p[3]!],
      [`mysqladmin -u root password '${p[4]}'`, p[4]!],
      [`net user deploy ${p[5]} /add`, p[5]!],
      [`(echo ${p[6]}; echo ${p[6]}) | smbpasswd -s -a deploy`, p[6]!],
      [`echo '${p[7]}' | passwd --stdin deploy`, p[7]!],
      ['rabbitmqctl add_user app "$RABBIT_PASSWORD"', null],
      ['rabbitmqctl list_users', null],
      ['ngrok config add-authtoken $NGROK_AUTHTOKEN', null],
      ['echo "deploy:$DEPLOY_PASSWORD" | sudo chpasswd', null],
      ['net user deploy * /add', null],
      ['smbpasswd -a deploy', null],
      ['mysqladmin -u root -p status', null],
      ['ls -la', null],
    ];
    const text = rows.map((r) => r[0]).join('\n') + '\n';
    const out = linesOf(maskText(text).text);
    const problems: string[] = [];
    rows.forEach(([line, secret], i) => {
      if (secret === null) {
        if (out[i] !== line) problems.push(`changed: ${line} -> ${out[i]}`);
      } else if (leaks(out[i]!, secret)) problems.push(`kept a secret: ${out[i]}`);
    });
    assert.deepEqual(problems, []);
  });
});
