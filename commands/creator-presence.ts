// The creator came online, went offline, is still online, or (at a start with nobody connected) a presence left
// open by a crash ends at its last record (domain/creator/presence.ts).
import { CREATOR_PRESENCE_STREAM, creatorPresenceDecider, type CreatorPresenceCommand, type CreatorPresenceState } from '../domain/creator/presence';
import { handle, type CommandContext } from './handle';

export async function recordCreatorPresence(ctx: CommandContext, command: CreatorPresenceCommand): Promise<CreatorPresenceState> {
  const { state } = await handle(ctx, CREATOR_PRESENCE_STREAM, creatorPresenceDecider, command);
  return state;
}
