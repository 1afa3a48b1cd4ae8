/**
 * The machine file's `metrics` field: IT's monitoring reads this kiosk's (or hub's) metrics in
 * the Prometheus format (off when absent).
 *   "metrics": { "listen": "0.0.0.0:9464", "tokenFile": "/etc/frontdesk/metrics-token",
 *                "tlsCertFile": "/etc/frontdesk/metrics.crt", "tlsKeyFile": "/etc/frontdesk/metrics.key" }
 * `listen` is HOST:PORT like the hub's; the scraper sends `Authorization: Bearer <token>`, the
 * token being the first line of `tokenFile` (0600, like apiKeyFile), read when the endpoint
 * starts. The endpoint's own port keeps it apart from the screens' HTTPS. With `tlsCertFile` and
 * `tlsKeyFile` (PEM, both or neither) it answers over HTTPS, so the token does not cross the
 * network in clear (a fleet's Prometheus scrapes across sites); without them, plain HTTP.
 */
import { z } from 'zod';
import { type HubListen, ListenText, PathText } from '../hub';

export interface MetricsConfig {
  listen: HubListen;
  tokenFile: string;
  /** PEM files for HTTPS; null or absent: plain HTTP. */
  tls?: { certFile: string; keyFile: string } | null;
}

export const MetricsFile = z
  .object({
    listen: ListenText.describe('HOST:PORT of the /metrics endpoint, e.g. 0.0.0.0:9464'),
    tokenFile: PathText.describe(
      'file whose first line is the Bearer token a scraper must send (0600)',
    ),
    tlsCertFile: PathText.optional().describe(
      'certificate (PEM) for HTTPS on the /metrics port; absent: plain HTTP',
    ),
    tlsKeyFile: PathText.optional().describe("the certificate's private key (PEM)"),
  })
  .strict()
  .refine((file) => (file.tlsCertFile === undefined) === (file.tlsKeyFile === undefined), {
    message: 'give tlsCertFile and tlsKeyFile together, or neither',
  });

export function metricsConfigFromFile(
  file: z.output<typeof MetricsFile> | undefined,
): MetricsConfig | null {
  if (file === undefined) return null;
  return {
    listen: file.listen,
    tokenFile: file.tokenFile,
    tls:
      file.tlsCertFile !== undefined && file.tlsKeyFile !== undefined
        ? { certFile: file.tlsCertFile, keyFile: file.tlsKeyFile }
        : null,
  };
}
