// Secrets a blind red team's files kept visible, each a class: a service's API credential named by the service
// alone (`datadog_api = "<hex>"`), a wallet's `private: 0x<hex>`, PowerShell's `ConvertTo-SecureString "…"
// -AsPlainText` assigned to a name that says nothing, Gradle's `useInMemoryPgpKeys(id, "pw")` — and the line
// after a recovery phrase (`address: 0x…`) that was masked as the phrase's thirteenth word. Whole files through
// the masker (pre-scan and rules); values built at run time; the look-alikes beside them byte-identical.
import { maskText } from '../../../src/core/secrets';
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { assertMasked, buildCase } from './helpers';

const HEXC = '0123456789abcdef';
let seed = 0x5e1f;
const hex = (n: number) => rand(HEXC, n, seed++ * 977);
const pw = () => 'Kq7!' + rand(ALNUM, 16, seed++ * 977);

describe('secrets: loosely named credentials (fresh red-team classes)', () => {
  it('a service-named API credential in tfvars/HCL/INI, and its harmless neighbours', () => {
    const [a, b] = [hex(32), hex(40)];
    const c = buildCase('prod.auto.tfvars', [
      ['region        = "us-east-1"', 'K'],
      [`datadog_api   = "${a}"`, 'S', a],
      [`stripe_api = "${b}"`, 'S', b],
      ['rest_api      = "https://api.example.com/v1"', 'K'],
      ['public_api    = "https://status.example.com"', 'K'],
      ['api_version   = "2023-10-16"', 'K'],
      ['enable_api    = true', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it("a wallet file: the phrase and the private key masked, the address and package.json's private flag kept", () => {
    const words = ['ability', 'absorb', 'accuse', 'actor', 'adjust', 'advice', 'aerobic', 'afford', 'agent', 'alarm', 'album', 'alley'];
    const key = '0x' + hex(64);
    const c = buildCase('wallet/recovery.txt', [
      ['# wallet backup', 'K'],
      [`mnemonic: ${words.join(' ')}`, 'S', words.slice(0, 4).join(' ')],
      ['address: 0x4e1f0000000000000000000000000000000000aa', 'K'],
      [`private: ${key}`, 'S', key],
      ['private: false', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
    const pkg = buildCase('package.json', [
      ['{', 'K'],
      ['  "name": "app",', 'K'],
      ['  "private": true,', 'K'],
      ['  "version": "1.0.0"', 'K'],
      ['}', 'K'],
    ]);
    assertMasked(pkg, maskText(pkg.text).text);
  });

  it('a Clojure/EDN map: the password after its keyword key masked, the rest of the map kept', () => {
    const p = pw();
    const c = buildCase('resources/config.edn', [
      ['{:http {:port 8080}', 'K'],
      [` :db {:dbtype "postgresql" :user "app" :password "${p}"}`, 'S', p],
      [' :auth {:password-env "DB_PASSWORD" :keyword "clojure.core/keyword"}}', 'K'],
    ]);
    assertMasked(c, maskText(c.text).text);
  });

  it('PowerShell and Gradle credentials handed over without a secret name beside them', () => {
    const [p1, p2, k3] = [pw(), pw(), rand(ALNUM, 22, seed++ * 977)];
    const ps = buildCase('deploy.ps1', [
      ['$user = "deploy"', 'K'],
      [`$secure = ConvertTo-SecureString "${p1}" -AsPlainText -Force`, 'S', p1],
      ['$cred = New-Object System.Management.Automation.PSCredential($user, $secure)', 'K'],
      ['$plain = ConvertTo-SecureString $env:DEPLOY_PW -AsPlainText -Force', 'K'],
    ]);
    assertMasked(ps, maskText(ps.text).text);
    const kts = buildCase('build.gradle.kts', [
      ['signing {', 'K'],
      [`    useInMemoryPgpKeys("0x1A2B3C4D", "${p2}")`, 'S', p2],
      [`    useInMemoryPgpKeys("${k3}", "${p1}")`, 'S', k3, p1],
      ['    useInMemoryPgpKeys(signingKey, signingPassword)', 'K'],
      ['    sign(publishing.publications)', 'K'],
      ['}', 'K'],
    ]);
    assertMasked(kts, maskText(kts.text).text);
  });
});
