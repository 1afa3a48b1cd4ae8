/**
 * The machine file's `metrics` field: IT's monitoring reads this kiosk's (or hub's) metrics in
 * the Prometheus format (off when absent).
 *   "metrics": { "listen": "0.0.0.0:9464", "tokenFile": "/etc/frontdesk/metrics-token" }
 * `listen` is HOST:PORT like the hub's; the scraper sends `Authorization: Bearer <token>`, the
 * token being the first line of `tokenFile` (0600, like apiKeyFile), read when the endpoint
 * starts. The endpoint's own port keeps it apart from the screens' HTTPS.
 */
import { z } from 'zod';
import type { HubListen } from '../hub/hub-config';
import { ListenText, PathText } from '../hub/hub-config';

export interface MetricsConfig {
  listen: HubListen;
  tokenFile: string;
}

export const MetricsFile = z
  .object({
    listen: ListenText.describe('HOST:PORT of the /metrics endpoint, e.g. 0.0.0.0:9464'),
    tokenFile: PathText.describe(
      'file whose first line is the Bearer token a scraper must send (0600)',
    ),
  })
  .strict();

export function metricsConfigFromFile(
  file: z.output<typeof MetricsFile> | undefined,
): MetricsConfig | null {
  return file === undefined ? null : { listen: file.listen, tokenFile: file.tokenFile };
}
