// Cloud instance metadata services (src/core/net/metadata.ts): a request to one prints the machine's own
// credentials into the agent's context. Any program, a one-liner's code included: `curl`, `wget`, `python3 -c
// "urllib.request.urlopen('http://169.254.169.254/…')"`, `nc 169.254.169.254 80`.
import { metadataAddressIn } from '../../net/metadata';
import type { Rule } from './types';

/** Clients that take a host without a scheme (`curl 169.254.169.254/latest/…`, `nc host 80`). */
const BARE_HOST_CLIENTS = new Set([
  'curl',
  'wget',
  'http',
  'https',
  'xh',
  'xhs',
  'curlie',
  'aria2c',
  'lynx',
  'w3m',
  'links',
  'elinks',
  'nc',
  'ncat',
  'netcat',
  'socat',
  'telnet',
]);

/**
 * An address inside a colon- or comma-separated option value: curl's `--resolve HOST:PORT:ADDR[,ADDR]` and
 * `--connect-to HOST:PORT:HOST2:PORT2` send the request to ADDR / HOST2 whatever the URL names.
 */
function hostInParts(v: string): string | undefined {
  if (!/[:,]/.test(v)) return undefined;
  for (const part of v.match(/\[[^\]]*\]|[^:,@=[\]]+/g) ?? []) {
    const at = metadataAddressIn(part, true);
    if (at !== undefined) return at;
  }
  return undefined;
}

export const metadataRules: Rule[] = [
  {
    id: 'secrets.cloud-metadata',
    description:
      "A request to a cloud instance metadata service (169.254.169.254 in any spelling, metadata.google.internal, ECS's 169.254.170.2, AWS's fd00:ec2::254): it answers with the machine's own credentials.",
    examples: {
      destructive: [
        'curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/',
        'curl 169.254.169.254/latest/meta-data/iam/security-credentials/ci-role',
        'wget -qO- http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token',
        'curl -H Metadata:true "http://169.254.169.254/metadata/identity/oauth2/token?api-version=2018-02-01"',
        'curl http://2852039166/latest/meta-data/',
        'curl http://0xa9fea9fe/latest/meta-data/',
        'curl "http://169.254.170.2$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI"',
        `python3 -c "import urllib.request as u; print(u.urlopen('http://169.254.169.254/latest/meta-data/').read())"`,
        'nc 169.254.169.254 80',
        'curl http://[::ffff:a9fe:a9fe]/latest/meta-data/',
        'curl http://[::ffff:169.254.169.254]/latest/meta-data/',
        'curl --resolve x:80:169.254.169.254 http://x/latest/meta-data/',
        'curl --connect-to ::169.254.169.254: http://example.com/latest/meta-data/',
        'curl --connect-to=example.com:80:[::ffff:a9fe:a9fe]:80 http://example.com/',
      ],
      benign: [
        'curl -s https://api.github.com/repos/o/r',
        'curl http://localhost:3000/health',
        'wget https://example.com/data.json -O data.json',
        'npm i metadata-extractor',
        'grep -r metadata src',
        'echo 169.254.169.254 is link-local',
        'curl --resolve example.com:443:127.0.0.1 https://example.com/',
        'curl --connect-to ::localhost:8080 http://example.com/',
        'curl http://[::1]:3000/health',
      ],
    },
    check(s) {
      const bare = s.name !== null && BARE_HOST_CLIENTS.has(s.name);
      if (s.name === 'echo' || s.name === 'printf') return undefined;
      const at =
        metadataAddressIn(s.text, false) ??
        (bare
          ? s.words
              .slice(1)
              .map((w) => (w.value === null ? undefined : (metadataAddressIn(w.value, true) ?? hostInParts(w.value))))
              .find((x) => x)
          : undefined);
      return at === undefined ? undefined : `requests ${at}, a cloud metadata service: it answers with this machine's credentials`;
    },
  },
];
