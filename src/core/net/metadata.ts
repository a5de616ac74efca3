// Cloud instance metadata services: an address any process on a cloud VM, container or CI runner can reach
// without credentials, that answers with the machine's own credentials (AWS IAM role keys at
// /latest/meta-data/iam/security-credentials/, GCP and Azure access tokens, ECS task credentials). Threat: an
// agent told to "check connectivity" fetches http://169.254.169.254/… and the role's keys land in its context,
// as a read of ~/.aws/credentials would. Addresses are read the way a URL parser reads them, so the decimal,
// hex and octal spellings of 169.254.169.254 (2852039166, 0xa9fea9fe, 0251.0376.0251.0376) and DNS names that
// embed it (169.254.169.254.nip.io) name the same service. Pure: text in, the address named (or undefined) out.

/** Cheap first look: text that cannot name a metadata address fails this. */
const MAYBE = /169\.254|metadata|100\.100\.100\.200|fd00:ec2|instance-data|a9fe|169-254|:\/\/\[|\[[0-9a-f:.]*:[0-9a-f:.]*\]|:\/\/(?:0x|\d{8,}|0\d)/i;

/** Names the providers give their metadata service. */
const NAMES =
  /^(?:metadata|metadata\.google\.internal|metadata\.goog|instance-data|instance-data\.ec2\.internal|metadata\.azure\.internal|metadata\.tencentyun\.com)$/;

/** Does this host (a URL parser's hostname: lower case, IPv4 in dotted decimal, IPv6 in brackets) name one? */
function isMetadataHost(host: string): boolean {
  const h = host.replace(/\.$/, '').toLowerCase();
  if (NAMES.test(h)) return true;
  // Link-local IPv4 (169.254.0.0/16: AWS, Azure, GCP, OpenStack, ECS at 169.254.170.2), Alibaba's 100.100.100.200.
  if (/^169\.254\.\d{1,3}\.\d{1,3}$/.test(h) || h === '100.100.100.200') return true;
  // AWS's IPv6 endpoint, and IPv4-mapped forms of the above.
  // An IPv6 literal that carries 169.254.x.x: IPv4-mapped (::ffff:), IPv4-compatible (::), NAT64 (64:ff9b::).
  if (/^\[fd00:ec2::254\]$|^\[(?:::ffff:|::|64:ff9b::)(?:169\.254\.|a9fe:)/.test(h)) return true;
  // Wildcard DNS that resolves to the address it spells (169.254.169.254.nip.io, a9fea9fe.nip.io, 169-254-169-254.sslip.io).
  return /(?:^|[.-])(?:169[.-]254[.-]\d{1,3}[.-]\d{1,3}|a9fe[0-9a-f]{4})\.(?:nip\.io|sslip\.io|xip\.io|traefik\.me|localtest\.me)$/.test(h);
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

const URLS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>`()$]+/gi;
/** A host written without a scheme (`curl 169.254.169.254/latest/…`, `nc 169.254.169.254 80`). */
const BARE = /(?<![\w.:/-])(\[?[0-9a-z.:-]+\]?)(?=[/:?#\s'"]|$)/gi;

/**
 * The first metadata address the text names, as written (a URL, or a bare host for clients that take one), or
 * undefined. `bare`: also read scheme-less hosts (a command's words, where `curl host/path` is a URL).
 */
export function metadataAddressIn(text: string, bare = false): string | undefined {
  if (!MAYBE.test(text)) return undefined;
  for (const m of text.matchAll(URLS)) {
    const h = hostOf(m[0]);
    if (h !== undefined && isMetadataHost(h)) return m[0];
  }
  if (!bare) return undefined;
  for (const m of text.matchAll(BARE)) {
    const h = hostOf(`http://${m[1]}/`);
    if (h !== undefined && isMetadataHost(h)) return m[1];
  }
  return undefined;
}
