// Who sees what in the chat list and header (spec 3 §6), read by the server and the console alike.
import type { Role } from '../shared/wire';
import type { ChatUserSort } from './wire';
import { MONEY_ROLES } from '../access/routes';

const CHAT_ADMINS: readonly Role[] = ['admin', 'super_admin', 'sub_admin'];
const ALL_SORTS: ChatUserSort[] = ['latest_message', 'users_last_message', 'amount_spent', 'unread_messages', 'expiration_date'];
const BASIC_SORTS: ChatUserSort[] = ['latest_message', 'users_last_message', 'unread_messages'];

/**
 * The list's sort options: admins all five; the model all five while earnings are shown (hide_earnings off);
 * everyone else (content manager, live-stream manager, support) by message only.
 */
export function chatSortsFor(role: Role | null | undefined, hideEarnings = false): ChatUserSort[] {
  if (role && CHAT_ADMINS.includes(role)) return ALL_SORTS;
  if (role === 'model') return hideEarnings ? BASIC_SORTS : ALL_SORTS;
  return BASIC_SORTS;
}

/** Wallet amounts in the list and header: admin and sub_admin. */
export const seesChatWallets = (role: Role | null | undefined): boolean => !!role && CHAT_ADMINS.includes(role);
/** Amounts spent: the money roles (never the live-stream manager). */
export const seesChatEarnings = (role: Role | null | undefined): boolean => !!role && MONEY_ROLES.includes(role);
/** The subscriber-status filter: admin and sub_admin. */
export const seesChatStatusFilter = seesChatWallets;
