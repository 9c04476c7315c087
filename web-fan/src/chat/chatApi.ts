// The fan's private-chat calls, typed with the contract in domain/chat/wire.ts.
import type { ChatMessagePage, ChatMessageView, ChatPurchaseResult, ChatSendResult, ChatWalletPurchaseResult, PayPerMessageStatus } from '../../../domain/chat/wire';
import { api } from '../api';

export type { ChatWalletPurchaseResult };

export interface SendTextBody {
  message: string;
  uniqueId: string;
  /** The fan's own upload (fanUpload.ts): one media id at most. */
  media?: string[];
  /** The pay-per-message charge the fan was shown and accepted (both or neither). */
  isPayPerMessageEnabled?: true;
  payPerMessageAmount?: number;
}

export const chatApi = {
  /** Page 1 is the newest messages; higher pages go back in time. Each page is oldest first. */
  messages: (pageNum: number, signal?: AbortSignal) => api.get<ChatMessagePage>('/api/chat/get_messages', { page_num: pageNum }, signal),
  message: (id: string) => api.get<ChatMessageView>('/api/chat/get_chat_message', { id }),
  send: (body: SendTextBody, idempotencyKey: string) => api.post<ChatSendResult>('/api/chat/send_message', body, { idempotencyKey }),
  sendStatus: () => api.post<PayPerMessageStatus>('/api/chat/get_user_send_message_status', {}),
  markRead: () => api.post<{ unread: number }>('/api/chat/read_message_user', {}),
  purchaseFromWallet: (messageId: string, amount: number, idempotencyKey: string) =>
    api.post<ChatWalletPurchaseResult>('/api/crypto/purchase-from-wallet', { payment_for: 'chat', content_id: messageId, amount }, { idempotencyKey }),
};

export const CHAT_PURCHASE_ENDPOINT = '/api/v2/purchase/chat-content-purchase';
export type { ChatPurchaseResult };
