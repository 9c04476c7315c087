// Read model: each account's self-service state (email opt-in, a pending email change, photo ID) and the
// lookup from an emailed token's hash to its account. Raw tokens never reach this model, only SHA-256
// hashes; the user stream stays the judge of whether a token is still good (expiry, single use).
import type { Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection, type ProjectionStore } from './projection';
import { accountStatusTables, storeRow, type ReadModelRows, type ReadModels } from './schema';
import type { OptInStatus } from '../domain/user/user';

export type AccountTokenKind = 'password_reset' | 'email_change' | 'opt_in';

export interface AccountStatusRow {
  user_id: string;
  email_opt_in_status: OptInStatus;
  opt_in_link_sent_at: string | null;
  opt_in_prompt_shown_at: string | null;
  pending_email: string | null;
  pending_email_requested_at: string | null;
  email_change_sent_at: string | null;
  photo_id_status: 'none' | 'uploaded' | 'accepted';
  photo_id_key: string | null;
  photo_id_content_type: string | null;
  photo_id_uploaded_at: string | null;
  // The live token of each kind, so that a newer one can retire its row in account_tokens. Never sent out.
  reset_token_hash: string | null;
  email_change_token_hash: string | null;
  opt_in_token_hash: string | null;
}

export interface AccountTokenRow {
  token_hash: string;
  user_id: string;
  kind: AccountTokenKind;
  /** null: an opt-in token written without an expiry (EmailOptInStatusChanged.expiresAt is optional). */
  expires_at: string | null;
}

const STATUS = 'account_status';
const TOKENS = 'account_tokens';

const blank = (userId: string): AccountStatusRow => ({
  user_id: userId,
  email_opt_in_status: 'pending',
  opt_in_link_sent_at: null,
  opt_in_prompt_shown_at: null,
  pending_email: null,
  pending_email_requested_at: null,
  email_change_sent_at: null,
  photo_id_status: 'none',
  photo_id_key: null,
  photo_id_content_type: null,
  photo_id_uploaded_at: null,
  reset_token_hash: null,
  email_change_token_hash: null,
  opt_in_token_hash: null,
});

type TokenColumn = 'reset_token_hash' | 'email_change_token_hash' | 'opt_in_token_hash';

/** Retires the row's current token of one kind and (optionally) records a new one. */
function swapToken(store: ProjectionStore<ReadModelRows>, row: AccountStatusRow, column: TokenColumn, next: Omit<AccountTokenRow, 'user_id'> | null): AccountStatusRow {
  const old = row[column];
  if (old) store.delete(TOKENS, { token_hash: old });
  if (next) store.put(TOKENS, { ...next, user_id: row.user_id });
  return { ...row, [column]: next?.token_hash ?? null };
}

export const accountStatusProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'account_status',
  tables: accountStatusTables,
  handles: [
    'UserRegistered',
    'PasswordResetRequested',
    'PasswordResetCompleted',
    'EmailChangeRequested',
    'EmailChangeDismissed',
    'EmailChanged',
    'EmailOptInStatusChanged',
    'EmailOptInVerified',
    'EmailOptInPromptShown',
    'PhotoIdUploaded',
    'PhotoIdAcceptanceChanged',
  ],
  async apply(event, store) {
    const { type, data: d } = event;
    if (type === 'UserRegistered') {
      store.put(STATUS, blank(d.userId));
      return;
    }
    let row = (await store.get<AccountStatusRow>(STATUS, { user_id: d.userId })) ?? blank(d.userId);
    switch (type) {
      case 'PasswordResetRequested':
        row = swapToken(store, row, 'reset_token_hash', { token_hash: d.tokenHash, kind: 'password_reset', expires_at: d.expiresAt });
        break;
      case 'PasswordResetCompleted':
        row = swapToken(store, row, 'reset_token_hash', null);
        break;
      case 'EmailChangeRequested':
        row = swapToken(store, row, 'email_change_token_hash', { token_hash: d.tokenHash, kind: 'email_change', expires_at: d.expiresAt });
        row = {
          ...row,
          pending_email_requested_at: row.pending_email === d.newEmail ? row.pending_email_requested_at : d.at,
          pending_email: d.newEmail,
          email_change_sent_at: d.at,
        };
        break;
      case 'EmailChangeDismissed':
      case 'EmailChanged':
        row = { ...swapToken(store, row, 'email_change_token_hash', null), pending_email: null, pending_email_requested_at: null };
        break;
      case 'EmailOptInStatusChanged':
        row = swapToken(store, row, 'opt_in_token_hash', d.tokenHash ? { token_hash: d.tokenHash, kind: 'opt_in', expires_at: d.expiresAt ?? null } : null);
        row = { ...row, email_opt_in_status: d.status, opt_in_link_sent_at: d.tokenHash ? d.at : row.opt_in_link_sent_at };
        break;
      case 'EmailOptInVerified':
        row = { ...swapToken(store, row, 'opt_in_token_hash', null), email_opt_in_status: 'opted_in' };
        break;
      case 'EmailOptInPromptShown':
        row = { ...row, opt_in_prompt_shown_at: d.at };
        break;
      case 'PhotoIdUploaded':
        row = { ...row, photo_id_status: 'uploaded', photo_id_key: d.fileKey, photo_id_content_type: d.contentType, photo_id_uploaded_at: d.at };
        break;
      case 'PhotoIdAcceptanceChanged':
        row = { ...row, photo_id_status: d.accepted ? 'accepted' : row.photo_id_key ? 'uploaded' : 'none' };
        break;
    }
    store.put(STATUS, row);
  },
});

export const isoOrNull = (v: string | Date | null | undefined): string | null => (v == null ? null : new Date(v).toISOString());

export async function findAccountStatus(db: Kysely<ReadModels>, userId: string): Promise<AccountStatusRow | undefined> {
  const row = await db.withSchema('rm').selectFrom(STATUS).selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row && (storeRow(STATUS, row) as AccountStatusRow);
}

/** The account an emailed token (by its hash) belongs to; expiry and single use are the user stream's call. */
export async function findTokenOwner(db: Kysely<ReadModels>, tokenHash: string, kind: AccountTokenKind): Promise<string | null> {
  const row = (await db.withSchema('rm').selectFrom(TOKENS).select(['user_id']).where('token_hash', '=', tokenHash).where('kind', '=', kind).executeTakeFirst()) as
    | { user_id: string }
    | undefined;
  return row?.user_id ?? null;
}
