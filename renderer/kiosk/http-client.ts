/**
 * Interim HTTP transport to the browser shell, used until the shell's own client
 * (shared/kiosk-http-client.ts) lands; same signature, so swapping is a one-line change.
 */
import { KioskEvent, kioskApi, kioskMethods, type KioskClient, type KioskMethod } from '../../shared/kiosk-api';
import { KioskErrorSchema, fail, type Result } from '../../shared/result';

export interface HttpKioskClientOptions {
  baseUrl: string;
  token: string;
  fetch: typeof fetch;
}

export function createHttpKioskClient(options: HttpKioskClientOptions): KioskClient {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${options.token}` };

  async function call(method: KioskMethod, input: unknown): Promise<Result<unknown>> {
    let response: Response;
    try {
      response = await options.fetch(`${options.baseUrl}/api/kiosk/${method}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(input ?? {}),
      });
    } catch {
      return fail('unavailable', 'The kiosk service cannot be reached.');
    }
    const body: unknown = await response.json().catch(() => null);
    if (body && typeof body === 'object' && 'ok' in body) {
      if (body.ok === true && 'result' in body) {
        const parsed = kioskApi[method].output.safeParse(body.result);
        return parsed.success ? { ok: true, result: parsed.data } : fail('internal', 'Unexpected answer.');
      }
      const error = KioskErrorSchema.safeParse((body as { error?: unknown }).error);
      if (error.success) return { ok: false, error: error.data };
    }
    return fail('internal', `Unexpected answer (${response.status}).`);
  }

  const methods = Object.fromEntries(kioskMethods.map((m) => [m, (input: unknown) => call(m, input)]));

  function onEvent(listener: (event: KioskEvent) => void): () => void {
    const controller = new AbortController();
    void (async () => {
      let delay = 500;
      while (!controller.signal.aborted) {
        try {
          const response = await options.fetch(`${options.baseUrl}/api/kiosk/events`, {
            headers: { authorization: headers.authorization, accept: 'text/event-stream' },
            signal: controller.signal,
          });
          if (!response.body) throw new Error('no body');
          delay = 500;
          const reader = response.body.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            buffer += decoder.decode(value, { stream: true });
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const chunk = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const data = chunk
                .split('\n')
                .filter((line) => line.startsWith('data:'))
                .map((line) => line.slice(5).trim())
                .join('\n');
              if (!data) continue;
              try {
                const event = KioskEvent.safeParse(JSON.parse(data));
                if (event.success) listener(event.data);
              } catch {
                // A malformed event is skipped; the next status event brings the truth.
              }
            }
          }
        } catch {
          // Reconnect below unless aborted.
        }
        if (controller.signal.aborted) return;
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 10_000);
      }
    })();
    return () => controller.abort();
  }

  return { ...(methods as Omit<KioskClient, 'onEvent'>), onEvent };
}
