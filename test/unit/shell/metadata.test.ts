// Cloud metadata addresses in every spelling a URL parser accepts, and text that only looks like them.
import assert from 'node:assert/strict';
import { metadataAddressIn } from '../../../src/core/net/metadata';

describe('cloud metadata addresses', () => {
  const named = [
    'http://169.254.169.254/latest/meta-data/',
    'http://2852039166/latest/',
    'http://0xa9fea9fe/',
    'http://0251.0376.0251.0376/',
    'http://169.254.170.2/v2/credentials/x',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://[fd00:ec2::254]/latest',
    'http://169.254.169.254.nip.io/',
    'http://u@169.254.169.254/',
    'https://100.100.100.200/latest/meta-data/',
  ];
  for (const u of named) it(`names ${u}`, () => assert.ok(metadataAddressIn(`curl -s ${u}`)));
  it('reads a scheme-less host only where asked to (a client that takes one)', () => {
    assert.equal(metadataAddressIn('169.254.169.254/latest/meta-data/', true), '169.254.169.254');
    assert.equal(metadataAddressIn('169.254.169.254/latest/meta-data/'), undefined);
  });
  for (const t of ['https://api.github.com/x', 'http://10.0.0.1/', 'version 1.2.3.4', 'npm i metadata-extractor', 'http://localhost:8080/metadata'])
    it(`leaves ${t}`, () => assert.equal(metadataAddressIn(t, true), undefined));
});
