/**
 * An Electron screen of a hub: the machine file's `hub` with `url` and `fingerprint` instead of
 * `listen`. Such an install runs no core of its own; its window loads the hub's screen and
 * trusts exactly one certificate, the one whose SHA-256 fingerprint IT wrote down from the hub
 * (Staff -> Screens, or the hub's start line):
 *   "hub": { "url": "https://frontdesk.shop.lan:8443/",
 *            "fingerprint": "AB:CD:...:EF" }
 * The decisions live here as pure functions (electron/main only wires them to Electron's
 * setCertificateVerifyProc and certificate-error): which URL to load, which URLs are the hub's,
 * and whether a certificate is the hub's. Node only (X509Certificate), no electron.
 */
import { X509Certificate } from 'node:crypto';
import { z } from 'zod';

export interface HubScreenConfig {
  /** The hub's origin with a trailing slash, e.g. https://frontdesk.shop.lan:8443/ */
  url: string;
  /** SHA-256 of the hub's certificate (DER), upper-case hex pairs joined by colons. */
  fingerprint: string;
}

/** 32 bytes in hex, with or without colons, any case; null when it is not one. */
export function normalizeFingerprint(text: string): string | null {
  const hex = text.trim().replace(/:/g, '').toUpperCase();
  if (!/^[0-9A-F]{64}$/.test(hex)) return null;
  return hex.match(/../g)?.join(':') ?? null;
}

const Fingerprint = z.string().transform((text, context) => {
  const fingerprint = normalizeFingerprint(text);
  if (fingerprint !== null) return fingerprint;
  context.addIssue({
    code: 'custom',
    message: "expected the hub certificate's SHA-256 fingerprint (64 hex digits, AB:CD:...)",
    continue: true, // not fatal: the union then names this field, not "invalid input"
  });
  return z.NEVER;
});

const HubUrl = z
  .url({ protocol: /^https$/, error: 'expected the https:// URL of the hub' })
  .transform((text) => `${new URL(text).origin}/`);

/** The machine file's `hub` for an Electron screen of another machine's hub. */
export const HubScreenFile = z
  .object({
    url: HubUrl.describe("the hub's https:// address, as shown under Staff -> Screens"),
    fingerprint: Fingerprint.describe(
      "the hub certificate's SHA-256 fingerprint; no other certificate is trusted",
    ),
  })
  .strict();

export function hubScreenConfigFromFile(file: z.output<typeof HubScreenFile>): HubScreenConfig {
  return { url: file.url, fingerprint: file.fingerprint };
}

/** The SHA-256 fingerprint of a PEM certificate; null when it cannot be read. */
export function certificateFingerprint(pem: string): string | null {
  try {
    return new X509Certificate(pem).fingerprint256;
  } catch {
    return null;
  }
}

/** True for a URL on the hub's origin (scheme, host and port): the window may go there. */
export function isHubUrl(config: HubScreenConfig, url: string): boolean {
  try {
    return new URL(url).origin === new URL(config.url).origin;
  } catch {
    return false;
  }
}

export type CertificateVerdict = 'trusted' | 'refused';

/**
 * The hub's host with exactly the configured certificate: trusted, whatever the usual checks
 * say (a self-signed certificate fails them). Anything else, refused: another certificate for
 * the hub's name (a machine that took its address), and every other host (the screen talks to
 * its hub only). `hostname` as Chromium reports it (no port, IPv6 without brackets).
 */
export function verifyHubCertificate(
  config: HubScreenConfig,
  request: { hostname: string; certificatePem: string },
): CertificateVerdict {
  const hubHost = new URL(config.url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const host = request.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host !== hubHost) return 'refused';
  return certificateFingerprint(request.certificatePem) === config.fingerprint
    ? 'trusted'
    : 'refused';
}
