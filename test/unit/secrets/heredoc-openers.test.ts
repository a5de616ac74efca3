// A heredoc's opener after a secret's name (`password = <<~EOS`) is not the value: the head line stays, and a
// secret in the heredoc's body is still masked. Every secret is built at run time.
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x3180;
const rs = () => rand(ALNUM, 30, seed++ * 7919) + 'q7';

describe('heredoc openers: the head line of a heredoc of text stays', () => {
  const heads = [
    'password = <<~EOS',
    'api_key = <<~EOS.strip',
    'token = <<-EOS',
    'SECRET = <<~TEXT',
    'auth_token = <<~SQL',
    'SECRET = <<~"EOS"',
    "SECRET = <<~'EOS'",
    'PASSWORD_HELP = <<~MD',
    'secret_hint = <<~EOS.squish',
    'client_secret = <<~HEREDOC.chomp',
    'db_password = <<EOS',
    'API_TOKEN=<<EOF',
    'token = <<~EOS.freeze',
    'credentials = <<~DOC',
    'secret_key_base = <<~NOTE',
    'access_key = <<~`CMD`',
    'private_key = <<~EOS',
    'password = <<-SQL.strip_heredoc',
    'secret = <<~EOS, other',
    'password = <<~EOS)',
  ];
  for (const h of heads) {
    const tag = /<<[~-]?["'`]?(\w+)/.exec(h)![1]!;
    it(`keeps ${h} opening prose`, () => keeps(`${h}\n  Use a long password and keep it out of the repository.\n${tag}\n`));
  }
});

describe('heredoc openers: a secret in the body is still masked', () => {
  it('masks a random value in the body of a heredoc under a password', () => {
    const v = rs();
    masks(`password = <<~EOS\n  ${v}\nEOS\n`, [v]);
  });
  it('masks a private key body under its name', () => {
    const v = rs();
    masks(`private_key = <<~PEM\n  ${v}\nPEM\n`, [v]);
  });
  it('masks a .env written by a heredoc', () => {
    const v = rs();
    masks(`cat > .env <<EOF\nAPI_TOKEN=${v}\nEOF\n`, [v]);
  });
});
