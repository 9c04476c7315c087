// Shared by the adapters: live subscriptions are tracked so that closing a store stops them all first.
import type { Subscription } from './port';

export function trackSubscription(live: Set<Subscription>, sub: Subscription): Subscription {
  const wrapped: Subscription = {
    caughtUp: sub.caughtUp,
    // Passed through: the projection runner's waitFor pokes to have a command's events projected at once.
    ...(sub.poke ? { poke: () => sub.poke!() } : {}),
    async stop() {
      live.delete(wrapped);
      await sub.stop();
    },
  };
  live.add(wrapped);
  return wrapped;
}

export const stopAll = (live: Set<Subscription>) => Promise.all([...live].map((s) => s.stop()));
