// Blind red team rt22mask (session 41): provisioning files, shorthand credential notation, private keys outside PEM
// and prose in more languages, each as whole files the way the kit wrote them, with variants and benign look-alikes
// that must stay byte-identical. Every secret value is built at run time.
import { ALNUM, B64, HEX, PASSWORD_CHARS, rand } from '../../../src/core/secrets/samples';
import { checkKeptAndHidden } from './helpers';

let seed = 0x44f00;
const rs = (a: string, n: number) => rand(a, n, seed++ * 7919);
const SAFE = PASSWORD_CHARS.replace(/[#'"\\,;:|()<>{}@/\s$?=.!-]/g, '');
const pw = () => 'Qx' + rs(SAFE, 10) + '7k';
const signed = () => rs(SAFE, 4) + '#' + rs(SAFE, 4) + '%' + rs(SAFE, 3);
const check = checkKeptAndHidden;

describe('rt22mask: OS provisioning files', () => {
  it('Debian preseed: root/user password, -again, a passphrase of words, grub', () => {
    const [a, b, c] = [signed(), 'falcon ' + pw() + ' violet cobalt', pw()];
    check(
      'd-i debian-installer/locale string en_US\n' +
        `d-i passwd/root-password password ${a}\nd-i passwd/root-password-again password ${a}\n` +
        `d-i passwd/user-password password ${b}\n  d-i passwd/user-password-again password ${b}\n` +
        `d-i grub-installer/password password ${c}\nd-i passwd/user-fullname string Ana Silva\n`,
      [1, 7],
      [a, b, c],
    );
  });
  it('preseed look-alikes stay: other questions, a reference, an empty answer', () =>
    check(
      'd-i passwd/user-fullname string Ana Silva\nd-i passwd/root-login boolean false\nd-i passwd/root-password password ${ROOT_PW}\n' +
        'd-i passwd/root-password password\nd-i passwd/make-user boolean true\n',
      [1, 2, 3, 4, 5],
    ));
  it('cloud-init chpasswd list lines; RANDOM and other literal blocks stay', () => {
    const [a, b, c] = [pw(), signed(), '_' + pw() + '_H'];
    check(
      `#cloud-config\nchpasswd:\n  expire: false\n  list: |\n    root:${a}\n    ana:${b}\n    ops:RANDOM\n` +
        `  list: |\n      deploy:${c}\nwrite_files:\n  - path: /etc/motd\n    content: |\n      host:web1\n`,
      [1, 2, 3, 7, 10, 11, 12, 13],
      [a, b, c],
    );
  });
  it('Kickstart: rootpw --plaintext X masks X, not the flag; --iscrypted too; a reference stays', () => {
    const [a, b] = ['!' + rs(SAFE, 12), pw()];
    const out = [`rootpw --plaintext ${a}\n`, `rootpw --iscrypted --allow-ssh ${b}\n`];
    for (const t of out) check(t, [], [a, b]);
    check('rootpw --plaintext ${ROOT_PW}\nlang en_US.UTF-8\n', [1, 2]);
  });
});

describe('rt22mask: shorthand credential notation', () => {
  it('Wi-Fi QR payload, u/p, creds, PASSWD, nmcli, lftp, a continued mysql -p', () => {
    const p = [pw(), pw(), '!*' + pw(), pw(), signed(), signed(), signed(), pw(), pw()];
    check(
      `WIFI:T:WPA;S:AcmeGuest;P:${p[0]};;\nWIFI:S:Lab;T:WPA2;P:"${p[1]}";H:false;;\nu/p: admin/${p[2]}\ncreds admin:${p[3]}\n` +
        `PASSWD ${p[4]}\nnmcli dev wifi connect AcmeHQ password ${p[5]}\nnmcli con modify Lab wifi-sec.psk ${p[6]}\n` +
        `lftp -u backup,${p[7]} sftp://files.acme.io\nmysqldump --single-transaction \\\n  -h db -u shop \\\n  -p${p[8]} shop > dump.sql\n`,
      [],
      p,
    );
  });
  it('the same tools without a literal password stay', () =>
    check(
      'WIFI:T:WPA;S:AcmeGuest;P:<password>;;\nnmcli dev wifi connect AcmeHQ --ask\nnmcli con show\nlftp -e "mirror -R" sftp://files.acme.io\n' +
        'mysql -h db -u shop \\\n  -p shop < dump.sql\nu/p: see the vault\nPASSWD is the file name\n',
      [1, 2, 3, 4, 5, 6, 7, 8],
    ));
});

describe('rt22mask: private keys outside PEM', () => {
  const hex = (n: number) => rs(HEX, n);
  it('DER as hex (PKCS#8 ed25519, PKCS#1 RSA, SEC1 EC), seeds and a WIF under a key comment', () => {
    const k = [
      '302e020100300506032b657004220420' + hex(64),
      '3082025c02010002818100' + hex(120),
      '30770201010420' + hex(64) + 'a00a06082a8648ce3d030107',
      hex(64),
      hex(128),
      '5' + rs('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 50),
    ];
    check(
      `# DER private key, hex dump\n${k[0]}\nDER=${k[1]}\nconst ec = "${k[2]}";\n# ed25519 seed (hex), for the signer\n${k[3]}\n` +
        `// signing key\n${k[4]}\n# wallet import format\n${k[5]}\n`,
      [1, 5, 7, 9],
      k.map((x) => x.slice(16, 48)),
    );
  });
  it('hashes and digests under other comments stay', () =>
    check(
      `# sha256 of the release\n${'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'}\n# seed of the test PRNG\n42\n` +
        '# git commit\n9fceb02d0ae598e95dc970b74767f19372d61af8\nconst zeros = "302e0201003005";\n',
      [1, 2, 3, 4, 5, 6, 7],
    ));
  it("C \\x strings and FromHexString/fromhex named as key material; a banner's escapes and a digest stay", () => {
    const bytes = () => Array.from({ length: 32 }, () => '\\x' + hex(2)).join('');
    const [a, b, c, d] = [bytes(), bytes(), hex(64), hex(64)];
    check(
      `static const char *hmac = "${a}";\nchar secret_seed[] = "${b}";\n    static readonly byte[] HmacKey = Convert.FromHexString("${c}");\n` +
        `PRIVATE = bytes.fromhex("${d}")\n`,
      [],
      [a.slice(0, 32), b.slice(0, 32), c, d],
    );
    check(
      'static const char *banner = "\\x1b[1m\\x1b[32m\\x1b[0m\\x1b[1m\\x1b[32m\\x1b[0m\\x1b[1m\\x1b[32m";\n' +
        `expected = bytes.fromhex("${'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'}")\nvar digest = Convert.FromHexString(expected);\n`,
      [1, 2, 3],
    );
  });
  it('base64 of a whole PEM private key wrapped over lines: every line masked; a wrapped certificate stays', () => {
    for (const kind of ['RSA PRIVATE KEY', 'PRIVATE KEY', 'OPENSSH PRIVATE KEY', 'EC PRIVATE KEY']) {
      const pem = `-----BEGIN ${kind}-----\n` + rs(B64, 64) + '\n' + rs(B64, 64) + '\n' + rs(B64, 40) + `\n-----END ${kind}-----\n`;
      const lines = btoa(pem).match(/.{1,76}/g)!;
      check(`# base64 of tls.key for the helm chart\nTLS_KEY_B64=${lines.join('\n')}\nNEXT=1\n`, [1, lines.length + 2], lines);
    }
  });
});

describe('rt22mask: a password told in more languages', () => {
  it('Chinese (full-width colon), Arabic, Hebrew, Hindi, Vietnamese, Indonesian, Greek', () => {
    const p = Array.from({ length: 9 }, signed);
    check(
      `- 服务器密码是：${p[0]}\n- 数据库密码: ${p[1]}\n- كلمة المرور هي ${p[2]}\n- הסיסמה היא ${p[3]}\n- सर्वर का पासवर्ड ${p[4]} है\n` +
        `- Mật khẩu máy chủ là ${p[5]}\n- Kata sandi server: ${p[6]}\n- Ο κωδικός πρόσβασης είναι ${p[7]}\n- 口令为 ${p[8]}\n`,
      [],
      p,
    );
  });
  it('the same sentences about a password without one stay', () =>
    check(
      '- 密码长度至少8位\n- كلمة المرور مطلوبة\n- הסיסמה חייבת להכיל 8 תווים\n- पासवर्ड आवश्यक है\n- Mật khẩu là bắt buộc\n' +
        '- Kata sandi wajib diisi\n- Ο κωδικός πρόσβασης είναι υποχρεωτικός\n',
      [1, 2, 3, 4, 5, 6, 7],
    ));
});

describe('rt22mask: a password value behind a sigil (`!`, `$`)', () => {
  const bang = () => '!' + rs(ALNUM, 5) + 'aZ' + rs(ALNUM, 5) + '9';
  it('--password=!X in backup tools, helm --set, a quoted flag; JSON "password": "$X" and "!X"', () => {
    const p = [bang(), bang(), bang(), bang(), '$' + bang().slice(1), bang()];
    check(
      `restic --password=${p[0]} --verbose > /backup/restic.out\nmongodump --password=${p[1]} --verbose\n` +
        `helm upgrade api ./chart --set db.password=${p[2]} --set image.tag=1.2.3\ninflux --api-token='${p[3]}' query\n` +
        `{"user": "ana", "password": "${p[4]}"}\n{"password": "${p[5]}"}\n`,
      [],
      p.map((x) => x.slice(1)),
    );
    // Each alone too, as the kit's files hold them: nothing else on the line or around it names a secret.
    for (const [line, v] of [
      [`restic --password=${p[0]} --verbose > /backup/restic.out`, p[0]!],
      [`helm upgrade api ./chart --set db.password=${p[2]} --set image.tag=1.2.3`, p[2]!],
      [`{"password": "$g${p[4]!.slice(1)}"}`, p[4]!],
      [`{"password": "${p[5]}"}`, p[5]!],
    ] as const)
      check(line + '\n', [], [v.slice(1)]);
  });
  it('references, expansions, words and other keys stay', () =>
    check(
      'restic --password=$RESTIC_PASSWORD --verbose\nrestic --password=!ignore-me --verbose\n{"password": "$DB_PASSWORD", "token": "${TOKEN}"}\n' +
        '{"password": "$(cat /run/secrets/pw)"}\n{"theme": "$gHwoMFPGHary9"}\nhelm upgrade api ./chart --set image.tag=!latest\n',
      [1, 2, 3, 4, 5, 6],
    ));
});

describe('rt22mask: a secret continued on later lines', () => {
  const tok = (n: number) => rs(B64.replace(/[+/]/g, ''), n);
  it('shell K+= and K="${K}…" pieces of a token or a secret-named variable', () => {
    const [a, b, c, d, e] = ['sk-' + tok(30), tok(36), tok(24), pw(), tok(12) + '7'];
    check(`K=${a}\nK+=${b}\nK+=${c}\nDB_PASS=${d}\nDB_PASS="\${DB_PASS}${e}"\n`, [], [a, b, c, d, e]);
  });
  it('shell appends to paths, flags and names stay', () =>
    check('PATH=/usr/bin\nPATH+=:/opt/bin\nFLAGS=-O2\nFLAGS+=-Wall\nNAME=release\nNAME="${NAME}-v2"\nV=1\nV+=build20261205\n', [1, 2, 3, 4, 5, 6, 7, 8]));
  it('Java StringBuilder and Kotlin buildString append chains building a token', () => {
    const p = ['sk_' + 'live_', tok(8), tok(8), tok(8), 'sk-ant-' + tok(20), tok(27), tok(27)];
    check(
      `  static String stripe() {\n    return new StringBuilder()\n      .append("${p[0]}")\n      .append("${p[1]}")\n      .append("${p[2]}")\n      .append("${p[3]}")\n      .toString();\n  }\n` +
        `val k = buildString {\n    append("${p[4]}")\n    append("${p[5]}")\n    append("${p[6]}")\n}\n`,
      [1, 2, 7, 8, 9, 13],
      p.slice(1),
    );
  });
  it('append chains of words stay', () =>
    check(
      'val msg = buildString {\n    append("Hello, ")\n    append("world")\n}\nString s = new StringBuilder().append("a").append("b").toString();\n',
      [1, 2, 3, 4, 5],
    ));
  it('a YAML double-quoted string continued with a trailing backslash: both pieces; prose stays', () => {
    const [a, b] = ['sk_' + 'live_' + tok(10), tok(14)];
    check(`stripe: "${a}\\\n  ${b}"\nmsg: "hello world \\\n  and more"\n`, [3, 4], [a, b]);
  });
});

describe('rt22mask: a token disguised by markdown escapes or markup', () => {
  const tok = (n: number) => rs(B64.replace(/[+/]/g, ''), n);
  it('ghp\\_…, sk\\_live\\_…, github\\_pat\\_…; <wbr> and </span><span> inside a token', () => {
    const [a, b, c, d, e] = [tok(36), tok(24), tok(22) + '\\_' + tok(40), tok(36), tok(24)];
    check(
      `CI uses \`ghp\\_${a}\` (bot account).\nStripe: sk\\_live\\_${b}\ngithub\\_pat\\_${c}\n` +
        `<code>ghp_${d.slice(0, 12)}<wbr>${d.slice(12, 24)}<wbr />${d.slice(24)}</code>\n<p>Key: <span>sk_live_${e.slice(0, 8)}</span><span>${e.slice(8)}</span></p>\n`,
      [],
      [a, b, c.slice(0, 20), c.slice(-20), d.slice(0, 12), d.slice(12, 24), d.slice(24), e.slice(8)],
    );
  });
  it('escaped identifiers and broken words stay', () =>
    check('Use `snake\\_case\\_names` for the `ghp\\_` prefix check.\nlong<wbr>word<wbr>break\n<span>a</span><span>b</span>\n', [1, 2, 3]));
});
