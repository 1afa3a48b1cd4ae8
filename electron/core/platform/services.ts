/**
 * The core's background services (its loops) in one ordered list: a new loop is one entry.
 * Started in order, those that others wake first (the replay queue, the mirror) before those
 * that wake them (the probe, the watch), so that no wake-up finds its loop not yet started.
 */
export interface Service {
  start(): void;
  /** Ends its timer at once; resolves when a step under way has ended. */
  stop(): void | Promise<void>;
}

export interface Services {
  start(): void;
  /**
   * Stops every service, in reverse order, each one's timer at once (so that none starts a new
   * step while another finishes its own), then waits for all the steps under way.
   */
  stop(): Promise<void>;
}

export function serviceList(services: readonly (Service | null | undefined)[]): Services {
  const list = services.filter((service): service is Service => !!service);
  return {
    start() {
      for (const service of list) service.start();
    },
    async stop() {
      await Promise.all([...list].reverse().map((service) => Promise.resolve(service.stop())));
    },
  };
}
