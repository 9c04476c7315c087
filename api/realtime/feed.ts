// Events → frames on this node. Follows `$all` from the moment the node starts through the projection
// runner's applied batches (so a reader who gets a frame and asks the API sees what the frame announced, and `$all`
// is read once per node, not once more for the frames), then hands the event's frames to the hub. Also replays what a reconnecting reader missed (resume by position)
// and closes sockets whose session ended. A new chat message's frame carries the message as each reader sees it,
// read here from the read models that already hold it (domain/realtime/audience.ts). A post's POST_PUBLISHED is read
// the same way: the posts the event first made visible to fans (projections/posts.ts postsShownBy). Every node
// reads the same answer for the same event, and hands each event on once, so each socket hears of a post once.
import { framesFor, mayReceive, messageReceiveData, messageSight, type FrameOut, type ReaderSettings } from '../../domain/realtime/audience';
import type { Role } from '../../domain/shared/wire';
import { chatQueries } from '../queries/chat';
import { CLOSE } from '../../domain/realtime/protocol';
import { comparePositions, formatPosition, type Position, type RecordedEvent, type Subscription } from '../../infra/eventstore/port';
import { callerForToken } from '../auth';
import type { Services } from '../services';
import type { KafkaBus } from '../../infra/bus/kafka';
import { eventOfBusMessage } from '../../infra/bus/relay';
import { send, type Connection, type Hub } from './hub';
import { currentSettings } from '../../projections/settings';
import { postsShownBy } from '../../projections/posts';


/** Events after which a user's sockets are checked against their session again (logout, block, role…). */
const SESSION_EVENTS = new Set(['UserLoggedOut', 'ProxySessionEnded', 'PasswordChanged', 'PasswordResetCompleted', 'MemberBlocked', 'MemberUnblocked', 'MemberDeleted', 'MemberRoleChanged']);

/** `resumeWindow`: how many events a resume may replay; further back, the client is told to reload (RESYNC). */
export function createFeed(services: Services, hub: Hub, resumeWindow = 5_000, bus: { kafka: KafkaBus; nodeId: string } | null = null) {
  let subscription: Subscription | { stop(): Promise<void> } | null = null;
  let last: Position | null = null;
  let running = false;
  // hide_earnings (site settings): read at start, then followed through the settings events this feed sees.
  let hideEarnings = false;
  // enable_socket_debug: what AUTH_OK tells a new socket; changes reach open sockets as SOCKET_DEBUG frames.
  let socketDebug = false;
  // show_creator_presence: off, fans get neither the presence frames nor ONLINE_MODEL's state (the hub is told).
  let hideCreatorPresence = false;
  const showPresence = (shown: boolean) => {
    hideCreatorPresence = !shown;
    hub.showCreatorPresence(shown);
  };
  const settings = (): ReaderSettings => ({ hideEarnings, hideCreatorPresence });
  const chat = chatQueries(services);

  /**
   * Each reader's copy of a chat message a frame carries whole, read once for the sights its readers have: the
   * message as get_messages shows it to them, null when it is hidden from them, undefined (the frame's thin data)
   * when it could not be read or a reader of another sight turned up meanwhile.
   */
  async function messageCopies(messageId: string, readers: readonly { role: Role }[]): Promise<(reader: { role: Role }) => unknown> {
    const want = { fan: readers.some((r) => messageSight(r) === 'fan'), staff: readers.some((r) => messageSight(r) === 'staff') };
    try {
      const views = await chat.messageSights(messageId, want);
      if (!views) return () => undefined;
      return (reader) => {
        const sight = messageSight(reader);
        if (!want[sight]) return undefined;
        const view = views[sight];
        return view ? messageReceiveData(view) : null;
      };
    } catch (e) {
      console.error('[realtime] a chat message could not be read for its frame', e);
      return () => undefined;
    }
  }

  /** The event's frames, a `shownPosts` frame made into one POST_PUBLISHED per post the event showed. */
  async function framesOf(e: RecordedEvent): Promise<FrameOut[]> {
    const frames = framesFor(e);
    if (!frames.some((f) => f.shownPosts)) return frames;
    const shown = await postsShownBy(services.database.db, e.id).catch((err) => {
      console.error('[realtime] the posts an event showed could not be read', err);
      return [] as string[];
    });
    return frames.flatMap((f) => (f.shownPosts ? shown.map((postId): FrameOut => ({ type: f.type, data: { postId }, audience: f.audience })) : [f]));
  }

  /** An event's frames, each with its readers' own copies where it carries a message (null: no reader, nothing to send). */
  async function withCopies(frames: FrameOut[], s: ReaderSettings) {
    return Promise.all(frames.map(async (f) => {
      if (!f.wholeMessage) return { f, dataFor: undefined };
      const readers = hub.readers(f.audience, s);
      return readers.length ? { f, dataFor: await messageCopies(f.wholeMessage, readers) } : null;
    }));
  }

  /** Waits until every projection has applied `position` (or the feed stops): an event from the bus may be ahead. */
  async function readModelsHave(position: Position) {
    while (running && !(await services.runner.waitFor(position, 5_000))) {
      /* a rebuild or a slow batch: keep waiting, frames must not run ahead of the read models */
    }
  }

  async function recheckSessions(userId: string) {
    for (const c of hub.socketsOf(userId)) {
      const found = await callerForToken(services, c.token);
      if (!found || found.expiresAtMs <= services.clock().getTime()) c.socket.close(CLOSE.unauthorized, 'The session has ended.');
      else if (found.caller.blocked) c.socket.close(CLOSE.blocked, 'This account is blocked.');
      else c.role = found.caller.role;
    }
  }

  /** Frames for events the read models hold already; what this node saw before is dropped by position. */
  async function onEvents(applied: RecordedEvent[]) {
    const events = last ? applied.filter((e) => comparePositions(e.position, last!) > 0) : applied;
    if (!running || events.length === 0) return;
    const sessionsToCheck = new Set<string>();
    for (const e of events) {
      const changes = e.type === 'SiteSettingsUpdated' ? (e.data as { changes?: { hide_earnings?: unknown; enable_socket_debug?: unknown; show_creator_presence?: unknown } }).changes : undefined;
      if (changes && typeof changes.hide_earnings === 'boolean') hideEarnings = changes.hide_earnings;
      if (changes && typeof changes.show_creator_presence === 'boolean') showPresence(changes.show_creator_presence);
      if (changes && typeof changes.enable_socket_debug === 'boolean') socketDebug = changes.enable_socket_debug;
      const position = formatPosition(e.position);
      const s = settings();
      for (const out of await withCopies(await framesOf(e), s)) {
        if (out) hub.deliver({ type: out.f.type, data: out.f.data, position }, out.f.audience, e.position, s, out.dataFor);
      }
      hub.advance(e.position);
      last = e.position;
      if (SESSION_EVENTS.has(e.type) && typeof e.data.userId === 'string') sessionsToCheck.add(e.data.userId);
    }
    for (const userId of sessionsToCheck) await recheckSessions(userId);
  }

  return {
    async start() {
      if (running) return;
      running = true;
      // Following the runner starts before the head is read, so nothing applied in between is missed; batches that
      // arrive meanwhile wait, then go through onEvents' position filter in order.
      let early: RecordedEvent[][] | null = bus ? null : [];
      let chain = Promise.resolve();
      const follow = (events: RecordedEvent[]) => (chain = chain.then(() => onEvents(events)).catch((e) => console.error('[realtime] frames failed', e)));
      const off = bus ? null : services.runner.onApplied((events) => (early ? void early.push(events) : follow(events)));
      last = await services.store.headPosition();
      const current = await currentSettings(services.database.db).catch(() => ({ hide_earnings: false, enable_socket_debug: false, show_creator_presence: false }));
      hideEarnings = current.hide_earnings;
      showPresence(current.show_creator_presence !== false);
      socketDebug = current.enable_socket_debug === true;
      if (off || !bus) {
        const waiting = early ?? [];
        early = null;
        for (const events of waiting) void follow(events);
        subscription = { stop: async () => off?.() };
        return;
      }
      // Several nodes: the relay (one leader) publishes `$all` to the bus; this node reads all of it with a group
      // of its own, from a minute back (what it already had is dropped by position).
      subscription = await bus.kafka.consume(bus.kafka.topics.events, `fanclub-realtime-${bus.nodeId}`, Date.now() - 60_000, async (m) => {
        const e = eventOfBusMessage(m.value);
        if (!e || (last && comparePositions(e.position, last) <= 0)) return;
        await readModelsHave(e.position);
        await onEvents([e]);
      });
    },
    async stop() {
      running = false;
      const s = subscription;
      subscription = null;
      await s?.stop();
    },
    position: () => last,
    /** enable_socket_debug as of the last event this feed handed out. */
    socketDebug: () => socketDebug,
    positionText: () => (last ? formatPosition(last) : null),

    /**
     * Sends a reconnecting reader what it missed after `since`, in order and once, then whatever arrived live
     * meanwhile; RESYNC when that is more than the window (the client reloads its lists instead).
     */
    async resume(c: Connection, since: Position) {
      const until = last;
      const frames: Array<{ type: string; data: Record<string, unknown>; position: string }> = [];
      let resync = false;
      if (until && comparePositions(since, until) < 0) {
        let after = since;
        let seen = 0;
        const s = settings();
        outer: for (;;) {
          const batch = await services.store.readAll({ after, maxCount: 500 });
          if (batch.length === 0) break;
          for (const e of batch) {
            if (comparePositions(e.position, until) > 0) break outer;
            if (++seen > resumeWindow) {
              resync = true;
              break outer;
            }
            for (const f of await framesOf(e)) {
              if (!mayReceive(f.audience, c, s)) continue;
              // A message is replayed as it is now (bought since, deleted since).
              const own = f.wholeMessage ? (await messageCopies(f.wholeMessage, [c]))(c) : undefined;
              if (own !== null) frames.push({ type: f.type, data: (own ?? f.data) as Record<string, unknown>, position: formatPosition(e.position) });
            }
          }
          after = batch[batch.length - 1].position;
        }
      }
      if (resync) send(c, { type: 'RESYNC', data: {} });
      else for (const f of frames) send(c, f);
      // The reader has everything up to `until` (or, if it claims more, up to what it says it saw elsewhere).
      c.cursor = until && comparePositions(since, until) < 0 ? until : since;
      const waiting = c.pending ?? [];
      c.pending = null;
      const floor = c.cursor;
      for (const p of waiting) {
        if (p.position && comparePositions(p.position, floor) <= 0) continue;
        send(c, p.frame);
        if (p.position) c.cursor = p.position;
      }
    },
  };
}

export type Feed = ReturnType<typeof createFeed>;
