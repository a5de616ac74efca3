// Secrets one encoding away: base64 blobs whose decoded text holds a secret (encoded.ts decodes and judges).
// This line rule reads the blobs of JSON (`eyJ…`, one of the pre-scan's anchors); blobs ending in `=`
// padding are read by the masker where the pre-scan reports them, under the same rule id.
import { gzipSync } from 'node:zlib';
import { jsonBlobs } from '../encoded';
import { ALNUM, PASSWORD_CHARS, b64, rand } from '../samples';
import type { Hit, LineRule } from '../types';

export const encodedSecret: LineRule = {
  id: 'encoded-secret',
  description: 'A base64 blob whose decoded text holds a secret: JSON with an api_key (eyJ…), a .env file, a token',
  keywords: ['eyj'],
  // The lowest: another rule that reads the same span (a Kubernetes Secret's value) names the form.
  priority: 2,
  scan(line: string, out: Hit[]): void {
    for (const [start, end] of jsonBlobs(line)) out.push({ start, end, rule: 'encoded-secret', priority: 2 });
  },
  samples: () => {
    const pw = rand(PASSWORD_CHARS.replace(/[#'",;]/g, ''), 22, 0xb64);
    const json = b64(JSON.stringify({ user: 'svc', api_key: rand(ALNUM, 40, 0xb65) }));
    // 47 bytes: base64 pads it with one `=` (the pre-scan's anchor for a blob).
    const env = b64(`DB_USER=app\nDB_PASSWORD=${pw}\n`);
    // gzip then base64 (`gzip | base64`), padded: inflated before it is judged.
    const gz = (t: string) => {
      for (let extra = ''; ; extra += '\n') {
        const b = gzipSync(Buffer.from(t + extra)).toString('base64');
        if (b.endsWith('=')) return b;
      }
    };
    const envGz = gz(`AWS_REGION=eu-west-1\nAWS_SECRET_ACCESS_KEY=${rand(ALNUM, 40, 0xb67)}\n`);
    return {
      truePositives: [
        { text: `  settings: "${json}"`, secrets: [json.slice(16, 48)] },
        { text: `env_file=${env}\n`, secrets: [env.slice(16, 48)] },
        { text: `ENV_BLOB_GZ=${envGz}\n`, secrets: [envGz.slice(16, 48)] },
      ],
      falsePositives: [
        `  banner: ${b64('The quick brown fox jumps over the lazy dog. Lorem ipsum dolor sit amet.')}`,
        `  prefs: "${b64(JSON.stringify({ theme: 'dark', lang: 'en' }))}"`,
        `  motd_gz: ${gz('Welcome to the build server.\nlog_level=info\n')}`,
        `  logo: data:image/png;base64,${rand(ALNUM, 60, 0xb66)}==`,
        `  digest: ${b64(String.fromCharCode(...Array.from({ length: 32 }, (_, k) => (k * 97 + 13) % 256)))}`,
      ],
    };
  },
};
