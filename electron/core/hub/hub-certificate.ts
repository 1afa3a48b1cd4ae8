/**
 * The hub's TLS certificate: IT's (PEM files named in the machine config) when given, else a
 * self-signed one generated at first start with `selfsigned` (no hand-written ASN.1) and kept in
 * the data folder: the key as `hub-tls-key.secret` (0600, like every secret there), the
 * certificate as `hub-tls-cert.pem`. It is kept across starts so that paired screens and an
 * Electron screen pinning its fingerprint keep trusting it; it is replaced only when missing,
 * unreadable or expired (a new fingerprint then, said in the log). A new pair is written with the
 * platform's atomic-file helper, so a full disk or a kill -9 midway leaves the old pair whole.
 */
import { X509Certificate, createHash, createPrivateKey } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { type Logger, replaceFileAtomically } from '../platform';

export const HUB_CERT_FILE = 'hub-tls-cert.pem';
export const HUB_KEY_FILE = 'hub-tls-key.secret';
const VALIDITY_DAYS = 3650;

export interface HubCertificate {
  cert: string;
  key: string;
  /** SHA-256 of the certificate (DER), upper-case hex pairs joined by colons: what staff compare. */
  fingerprint: string;
  /** SHA-256 of the public key (SPKI DER), base64: Chromium's --ignore-certificate-errors-spki-list. */
  spkiSha256: string;
  source: 'it' | 'generated' | 'kept';
}

export type HubCertificateResult =
  { ok: true; value: HubCertificate } | { ok: false; reason: string };

export interface LoadHubCertificateOptions {
  dataDir: string;
  /** IT's PEM files, or null for the generated one. */
  files: { certFile: string; keyFile: string } | null;
  /** Host names and addresses the generated certificate names (SAN). */
  names: readonly string[];
  now: () => number;
  log: Logger;
  /** Writes and flushes a file's content (default `writeFileSync`; a test fills the disk midway). */
  writeFile?: (path: string, data: string) => void;
}

export async function loadHubCertificate(
  options: LoadHubCertificateOptions,
): Promise<HubCertificateResult> {
  if (options.files) {
    const cert = readText(options.files.certFile);
    const key = readText(options.files.keyFile);
    if (cert === null)
      return { ok: false, reason: `tlsCertFile ${options.files.certFile}: cannot be read` };
    if (key === null)
      return { ok: false, reason: `tlsKeyFile ${options.files.keyFile}: cannot be read` };
    const checked = describeCertificate(cert, key, options.now(), 'it');
    if (!checked.ok)
      return { ok: false, reason: `tlsCertFile ${options.files.certFile}: ${checked.reason}` };
    return checked;
  }
  const certPath = join(options.dataDir, HUB_CERT_FILE);
  const keyPath = join(options.dataDir, HUB_KEY_FILE);
  const keptCert = readText(certPath);
  const keptKey = readText(keyPath);
  if (keptCert !== null && keptKey !== null) {
    const kept = describeCertificate(keptCert, keptKey, options.now(), 'kept');
    if (kept.ok) return kept;
    options.log.warn('the hub certificate in the data folder is not usable; generating a new one', {
      reason: kept.reason,
    });
  }
  const generated = await generateCertificate(options.names, options.now());
  try {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    writePair(
      { certPath, keyPath },
      generated,
      options.writeFile ?? ((path, data) => writeFileSync(path, data, { flush: true })),
    );
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `cannot keep a new certificate in ${options.dataDir}: ${detail}` };
  }
  const described = describeCertificate(
    generated.cert,
    generated.private,
    options.now(),
    'generated',
  );
  if (described.ok)
    options.log.info('generated the hub certificate', { fingerprint: described.value.fingerprint });
  return described;
}

/**
 * Replaces the pair so that the old one stays whole unless both new files are on disk: the key
 * (0600) and the certificate are each written and flushed to a temp file beside its target before
 * either is renamed over it. Only a stop between the two renames can split a pair, and a key that
 * does not match its certificate is replaced at the next start.
 */
function writePair(
  paths: { certPath: string; keyPath: string },
  pems: { cert: string; private: string },
  writeFile: (path: string, data: string) => void,
): void {
  replaceFileAtomically(paths.keyPath, (keyTemp) => {
    writeFile(keyTemp, pems.private);
    replaceFileAtomically(paths.certPath, (certTemp) => writeFile(certTemp, pems.cert));
  });
  chmodSync(paths.certPath, 0o644); // the certificate is public (0644 as before); the key is not
}

async function generateCertificate(names: readonly string[], now: number) {
  const ips = names.filter((name) => /^[0-9.]+$|:/.test(name));
  const dns = names.filter((name) => !ips.includes(name));
  return generate([{ name: 'commonName', value: dns[0] ?? 'frontdesk-hub' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now - 60_000),
    notAfterDate: new Date(now + VALIDITY_DAYS * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...dns.map((value) => ({ type: 2 as const, value })),
          ...ips.map((ip) => ({ type: 7 as const, ip })),
        ],
      },
    ],
  });
}

/** Checks that the key belongs to the certificate and that it is valid now; computes the fingerprints. */
export function describeCertificate(
  cert: string,
  key: string,
  now: number,
  source: HubCertificate['source'],
): HubCertificateResult {
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
    if (!x509.checkPrivateKey(createPrivateKey(key)))
      return { ok: false, reason: 'the key does not belong to the certificate' };
  } catch (error) {
    return {
      ok: false,
      reason: `not a PEM certificate and key (${error instanceof Error ? error.message : 'unreadable'})`,
    };
  }
  if (Date.parse(x509.validTo) <= now) return { ok: false, reason: `expired on ${x509.validTo}` };
  const spki = x509.publicKey.export({ type: 'spki', format: 'der' });
  return {
    ok: true,
    value: {
      cert,
      key,
      fingerprint: x509.fingerprint256,
      spkiSha256: createHash('sha256').update(spki).digest('base64'),
      source,
    },
  };
}

function readText(path: string): string | null {
  if (!existsSync(path)) return null;
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
