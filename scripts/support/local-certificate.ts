// A self-signed certificate for 127.0.0.1, so that a local production server can speak HTTPS, and
// with it HTTP/2, which browsers use only over TLS.
import { createHash, X509Certificate } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface LocalCertificate {
  certFile: string;
  keyFile: string;
  /** The PEM certificate, for Node clients to trust (`ca`). */
  certificate: string;
  /** Makes Chromium trust this certificate, and no other one that fails its checks. */
  chromiumFlag: string;
}

/** Writes `cert.pem` and `key.pem` for 127.0.0.1, valid for a day, into `directory`. */
export async function createLocalCertificate(directory: string): Promise<LocalCertificate> {
  const now = Date.now();
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now - 60_000),
    notAfterDate: new Date(now + 24 * 60 * 60_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  const certFile = join(directory, 'cert.pem');
  const keyFile = join(directory, 'key.pem');
  writeFileSync(certFile, pems.cert);
  writeFileSync(keyFile, pems.private, { mode: 0o600 });
  const publicKey = new X509Certificate(pems.cert).publicKey.export({
    type: 'spki',
    format: 'der',
  });
  const spkiHash = createHash('sha256').update(publicKey).digest('base64');
  return {
    certFile,
    keyFile,
    certificate: pems.cert,
    chromiumFlag: `--ignore-certificate-errors-spki-list=${spkiHash}`,
  };
}
