// A fan was on the site (domain/member/last-seen.ts): recorded at most once per LAST_SEEN_EVERY_MS.
import { lastSeenDecider, lastSeenStream } from '../domain/member/last-seen';
import { handle, type CommandContext } from './handle';

export async function recordLastSeen(ctx: CommandContext, userId: string): Promise<string | null> {
  const { state } = await handle(ctx, lastSeenStream(userId), lastSeenDecider, { type: 'RecordLastSeen', userId, at: ctx.now() });
  return state.lastSeenAt;
}
