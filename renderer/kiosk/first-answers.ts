import type { KioskClient } from '../../shared/kiosk-api';

/** The calls the start screen waits for (App's boot). */
const BOOT_METHODS = ['getPublicSettings', 'getCatalog'] as const;
type BootMethod = (typeof BOOT_METHODS)[number];

/** An early answer older than this is asked again: staff may have changed a setting since. */
export const EARLY_ANSWER_MAX_AGE_MS = 5000;

/**
 * A screen of a hub asks for the shop's settings and catalog at once, alongside the gate's
 * question about the screen, instead of after its answer: the start screen waits for one round
 * trip fewer (on a tablet's network, a large part of its first paint).
 * Each early answer serves the first call of its method, and only if it is a success and fresh:
 * an unpaired screen's early calls are refused, and after pairing the app asks again.
 */
export function withEarlyBootAnswers(
  client: KioskClient,
  now: () => number = Date.now,
): KioskClient {
  const early = new Map<BootMethod, Promise<{ answer: unknown; at: number }>>();
  for (const method of BOOT_METHODS)
    early.set(
      method,
      client[method](undefined).then((answer) => ({ answer, at: now() })),
    );
  const reuse = <M extends BootMethod>(method: M): KioskClient[M] =>
    (async (input: undefined) => {
      const pending = early.get(method);
      early.delete(method);
      const got = pending ? await pending : undefined;
      const answer = got?.answer as Awaited<ReturnType<KioskClient[M]>> | undefined;
      if (got && answer?.ok && now() - got.at <= EARLY_ANSWER_MAX_AGE_MS) return answer;
      return client[method](input);
    }) as KioskClient[M];
  const replaced: Partial<KioskClient> = {
    getPublicSettings: reuse('getPublicSettings'),
    getCatalog: reuse('getCatalog'),
  };
  // A proxy rather than a copy: the client may be a class (its methods on the prototype).
  return new Proxy(client, {
    get(target, property): unknown {
      if (property in replaced) return replaced[property as keyof KioskClient];
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value.bind(target) as unknown) : value;
    },
  });
}
