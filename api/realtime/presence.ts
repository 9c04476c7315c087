// Presence across nodes (KAFKA_BROKERS set): each node publishes a snapshot of who is connected to it when that
// changes and every few seconds; every node merges the others' snapshots, so staff on node A see a fan online on
// node B, and a node that dies drops out after PRESENCE_EXPIRY_MS.
import type { KafkaBus } from '../../infra/bus/kafka';
import type { Hub, PresenceSnapshot } from './hub';

const REFRESH_MS = 5_000;

export function sharePresence(bus: { kafka: KafkaBus; nodeId: string }, hub: Hub) {
  let consumer: { stop(): Promise<void> } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let scheduled = false;
  let running = false;

  const publish = () => bus.kafka.publish(bus.kafka.topics.presence, [{ key: bus.nodeId, value: JSON.stringify(hub.snapshot()) }]).catch((e) => console.error('[realtime] presence not published:', (e as Error).message));
  // Many sockets connect at once after a restart: one snapshot per burst, not one per socket.
  const soon = () => {
    if (scheduled || !running) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      void publish();
    }, 50).unref();
  };

  return {
    async start() {
      running = true;
      hub.onPresenceChange(soon);
      consumer = await bus.kafka.consume(bus.kafka.topics.presence, `fanclub-presence-${bus.nodeId}`, Date.now() - 20_000, async (m) => {
        try {
          const s = JSON.parse(m.value) as PresenceSnapshot;
          // Old snapshots (replayed from before this node started) only count if still fresh.
          if (Array.isArray(s.fans) && typeof s.nodeId === 'string' && Date.now() - m.timestampMs < 15_000) hub.applyRemote(s);
        } catch {
          /* not ours: ignore */
        }
      });
      await publish();
      timer = setInterval(() => {
        hub.expireRemote();
        void publish();
      }, REFRESH_MS);
      timer.unref();
    },
    async stop() {
      running = false;
      hub.onPresenceChange(null);
      if (timer) clearInterval(timer);
      await consumer?.stop();
      // Leaving on purpose: the other nodes drop this node's fans now rather than after the expiry.
      await bus.kafka.publish(bus.kafka.topics.presence, [{ key: bus.nodeId, value: JSON.stringify({ nodeId: bus.nodeId, fans: [], creator: false }) }]).catch(() => {});
    },
  };
}
