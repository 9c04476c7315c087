// What one process has started, and the order it stops in on close (api/server.ts): the background work first,
// then the app and the adapters, the projection runner and storage last. Each part is added as it starts, so a
// start that fails part-way stops exactly what it started.
const STOP_ORDER = [
  'timers', 'rebill', 'delivery', 'chatEmails', 'subscriptionEmails', 'shopEmails', 'chatBookingEmails', 'push', 'liveSupervisor', 'notices', 'mediaNudges', 'relay',
  'app', 'kafka', 'idempotency', 'mediaWorker', 'liveMedia', 'runner', 'storage',
] as const;

export type Stops = ReturnType<typeof createStops>;

export function createStops() {
  const stops = new Map<(typeof STOP_ORDER)[number], (() => unknown)[]>();
  return {
    add(slot: (typeof STOP_ORDER)[number], stop: () => unknown) {
      stops.set(slot, [...(stops.get(slot) ?? []), stop]);
    },
    /** Stops everything started so far, in order; one that fails keeps none of the others from stopping. */
    async run() {
      for (const slot of STOP_ORDER) for (const stop of stops.get(slot) ?? []) await Promise.resolve().then(stop).catch(() => {});
    },
  };
}
