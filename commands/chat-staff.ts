// Staff actions from the private chat: delete a message from the subscriber or
// from everyone, mark a chat as unread, block a fan from the chat (v2: block, cancel the renewal, take them off the
// list), a fan's chat email notifications, and the chat settings. Each is an event naming its actor; the rules are
// in domain/chat (chat-message.ts, conversation.ts, roles.ts).
import { DomainError } from '../domain/shared/decider';
import type { Role } from '../domain/shared/wire';
import { chatMessageDecider, chatMessageStream, type ChatDeleteScope, type ChatMediaChange, type ChatMediaRef, type ChatMessageState } from '../domain/chat/chat-message';
import { ValidationError } from '../domain/shared/validation';
import { MEDIA_OPS_MESSAGES } from '../domain/media/operations';
import type { RotationAngle } from '../domain/media/media';
import { refreshBlurOf, requestVideoReprocessing, rotateMediaImage, type MediaOpsDeps } from './media-ops';
import { conversationDecider, conversationStream } from '../domain/chat/conversation';
import { CHAT_BLUR_REFRESHERS, CHAT_MESSAGE_EDITORS } from '../domain/chat/roles';
import { memberDecider, memberStream } from '../domain/member/member';
import { isRenewing, subscriptionDecider, subscriptionStream } from '../domain/subscription/subscription';
import { mergeChatSettings, type ChatSettings } from '../domain/settings/chat-settings';
import { handle, loadStream, type CommandContext } from './handle';
import { recordMassCopy } from './mass-messages';
import { setBlocked, setEmailPreferences, setHiddenFromChat, type StaffDeps } from './staff';
import { updateSiteSettings } from './settings';
import type { HtmlSanitizer } from '../infra/html/port';
import { loadSettings } from './settings';

const forbidden = () => new DomainError('You do not have access to this.', 'FORBIDDEN', 403);

/**
 * Deletes a message: 'fan' hides it from the subscriber (staff still see it, marked), 'all' from everyone. A
 * deleted locked message can no longer be bought; one already bought is hidden all the same and nothing is
 * refunded automatically (a refund is a staff decision, from Transactions).
 */
export async function deleteChatMessage(ctx: CommandContext, staffId: string, role: Role, messageId: string, scope: ChatDeleteScope, massMessageId: string | null = null): Promise<ChatMessageState> {
  if (!CHAT_MESSAGE_EDITORS.includes(role)) throw forbidden();
  // A mass-message copy nobody bought yet has an empty stream: it is recorded there first (as before an unlock).
  await recordMassCopy(ctx, messageId, massMessageId);
  const { state } = await handle(ctx, chatMessageStream(messageId), chatMessageDecider, { type: 'DeleteMessage', scope, staffId, at: ctx.now() });
  return state;
}

/** "Mark As Unread": the fan's chat shows one unread message in the staff list again. Returns the new count. */
export async function markChatUnread(ctx: CommandContext, staffId: string, fanId: string, unreadNow: number): Promise<number> {
  const { events } = await handle(ctx, conversationStream(fanId), conversationDecider, { type: 'MarkUnreadByStaff', fanId, staffId, unreadNow, at: ctx.now() });
  const marked = events.find((e) => e.type === 'ChatMarkedUnreadByStaff');
  return marked && marked.type === 'ChatMarkedUnreadByStaff' ? marked.data.unread : unreadNow;
}

/**
 * Block User from the chat (POST /api/v2/admin/block-user): blocks the account (rank rule and last-admin rule as on
 * the Users page), cancels a renewing membership through the subscription's own cancel command (access runs to
 * the paid expiry; nothing is refunded) and takes the fan off the chat list. `block` false undoes the block and
 * the list hiding (the membership stays cancelled: the fan resubscribes).
 */
export async function blockUserFromChat(ctx: CommandContext, deps: StaffDeps, actorId: string, fanId: string, block: boolean): Promise<{ cancelled: boolean }> {
  await setBlocked(ctx, actorId, fanId, block, deps);
  await setHiddenFromChat(ctx, fanId, block);
  if (!block) return { cancelled: false };
  const { state } = await loadStream(ctx.store, subscriptionStream(fanId), subscriptionDecider);
  if (!state.userId || !isRenewing(state)) return { cancelled: false };
  await handle(ctx, subscriptionStream(fanId), subscriptionDecider, {
    type: 'CancelSubscription', reason: null, otherReason: null, requestFrom: 'block_user', by: 'staff', at: ctx.now(),
  });
  return { cancelled: true };
}

/**
 * A fan's email notifications for chat messages (POST /api/admin/update_user_chat_email_notifications): the
 * `messages` switch of the fan's email preferences, the same one the Users page and the fan edit.
 */
export async function setChatEmailNotifications(ctx: CommandContext, fanId: string, enabled: boolean): Promise<boolean> {
  const { state } = await loadStream(ctx.store, memberStream(fanId), memberDecider);
  const p = state.preferences;
  await setEmailPreferences(ctx, fanId, { new_posts: p?.new_posts !== false, messages: enabled, promotions: p?.promotions !== false });
  return enabled;
}

/** update_chat_settings: a partial change of chat_settings (and hide_earnings), merged into the current ones. `clean`: as every settings change. */
export async function updateChatSettings(ctx: CommandContext, clean: HtmlSanitizer, change: { chat_settings?: Partial<ChatSettings>; hide_earnings?: boolean }) {
  const current = await loadSettings(ctx.store);
  await updateSiteSettings(ctx, clean, {
    ...(change.chat_settings ? { chat_settings: mergeChatSettings(current.chat_settings, change.chat_settings) } : {}),
    ...(change.hide_earnings !== undefined ? { hide_earnings: change.hide_earnings } : {}),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Staff operations on a chat message's media (rotate_image / refresh_blur_picture with type
// 'message', send_video_process_request with videoFrom 'message'): the same renders as for a post's media.

/** The media of a staff message as it was sent (media first, then the preview). */
async function chatMessageMedia(ctx: CommandContext, messageId: string): Promise<{ media: ChatMediaRef[]; previewMediaId: string | null }> {
  const { state, events } = await loadStream(ctx.store, chatMessageStream(messageId), chatMessageDecider);
  const sent = events.find((e) => e.type === 'ChatMessageSent')?.data as { media?: ChatMediaRef[]; previewMediaId?: string | null } | undefined;
  if (state.status !== 'sent' || state.deleted === 'all' || !sent?.media?.length) throw new ValidationError('id', MEDIA_OPS_MESSAGES.invalid);
  return { media: sent.media, previewMediaId: sent.previewMediaId ?? null };
}

/** Messages whose media finished rendering after they were sent: their open chats read them again (the fan now sees them). */
export async function noteChatMediaProcessed(ctx: CommandContext, messageIds: readonly string[]): Promise<void> {
  for (const messageId of messageIds) await noteMediaChange(ctx, messageId, 'processed');
}

/** The message's open chats (the fan's and staff's) read it again: ChatMessageMediaChanged → UPDATE_MESSAGE. */
async function noteMediaChange(ctx: CommandContext, messageId: string, change: ChatMediaChange) {
  await handle(ctx, chatMessageStream(messageId), chatMessageDecider, { type: 'NoteMediaChange', change, staffId: ctx.metadata.userId ?? '', at: ctx.now() });
}

export async function rotateChatImage(ctx: CommandContext, deps: MediaOpsDeps, role: Role, input: { messageId: string; imageIndex: number; angle: RotationAngle }) {
  if (!CHAT_MESSAGE_EDITORS.includes(role)) throw forbidden();
  const { media } = await chatMessageMedia(ctx, input.messageId);
  const item = media[input.imageIndex];
  if (!item || item.kind !== 'photo') throw new ValidationError('imageIndex', MEDIA_OPS_MESSAGES.invalid);
  const rotated = await rotateMediaImage(ctx, deps, item.mediaId, input.angle);
  await noteMediaChange(ctx, input.messageId, 'rotate');
  return rotated;
}

export async function refreshChatBlur(ctx: CommandContext, deps: MediaOpsDeps, role: Role, messageId: string) {
  if (!CHAT_BLUR_REFRESHERS.includes(role)) throw forbidden();
  const { media, previewMediaId } = await chatMessageMedia(ctx, messageId);
  const done: { mediaId: string; blurKey: string }[] = [];
  for (const id of [...media.map((m) => m.mediaId), ...(previewMediaId ? [previewMediaId] : [])]) {
    const r = await refreshBlurOf(ctx, deps, id);
    if (r) done.push(r);
  }
  if (done.length === 0) throw new ValidationError('id', MEDIA_OPS_MESSAGES.invalid);
  await noteMediaChange(ctx, messageId, 'blur');
  return done;
}

export async function reprocessChatVideos(ctx: CommandContext, role: Role, input: { messageId: string; s3FilePath?: string | null; shouldGenerateBlurImage?: boolean }) {
  if (!CHAT_MESSAGE_EDITORS.includes(role)) throw forbidden();
  const { media } = await chatMessageMedia(ctx, input.messageId);
  const requested = await requestVideoReprocessing(ctx, { postId: '', mediaIds: media.map((m) => m.mediaId), s3FilePath: input.s3FilePath, shouldGenerateBlurImage: input.shouldGenerateBlurImage });
  await noteMediaChange(ctx, input.messageId, 'reprocess');
  return requested;
}
