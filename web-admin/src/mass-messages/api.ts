// The console's mass- and welcome-message calls, with the wire shapes of domain/chat/mass-wire.ts. Every answer is the /api envelope; errors carry the server's message (and field), which the screens show.
import type { PostMediaView } from '../../../domain/post/wire';
import { api } from '../api';
import type {
  MassMessageStatus,
  MassMessageView as SharedMassMessageView,
  NewUserDelay,
  PurchasedByItem,
  PurchasedByReport as SharedReport,
  SendTo,
  WelcomeMessageView as SharedWelcomeMessageView,
} from '../../../domain/chat/mass-wire';
import type { MassAudienceCount } from '../../../domain/chat/mass-wire';
import type { SegmentKind } from '../../../domain/chat/audience';

export type Audience = SendTo;
export type MassDelivery = NewUserDelay;
export type WelcomeDelivery = 'IMMEDIATELY' | 'DELAY_BY_HOURS';
export type MessageType = 'text' | 'photo' | 'video' | 'gallery';
export type MassStatus = MassMessageStatus;

/** The media of a view; `status`/`is_error` when the server tells how rendering went. */
export type MessageMedia = PostMediaView & { status?: 'processing' | 'ready' | 'error'; is_error?: boolean; processing?: boolean };

/** The server's views (domain/chat/mass-wire.ts, the contract both sides build on). */
export type MassMessageView = SharedMassMessageView;
export type WelcomeMessageView = SharedWelcomeMessageView;
export type Buyer = PurchasedByItem;
export type PurchasedByReport<M> = SharedReport<M>;

export interface MassMessageBody {
  message: string;
  type: MessageType;
  isLocked: 'locked' | 'free';
  amount?: number;
  media?: string[];
  media_preview?: string | null;
  send_to: Audience;
  new_user_message_delay: MassDelivery;
  delay_by_hours?: number;
  scheduled_at?: string | null;
  category?: string | null;
  uniqueId?: string;
  /** An audience by behaviour (send_to is then ONLY_EXISTING). */
  audience?: SegmentBody;
  /** A locked message for members of this tier and above (absent: every subscriber who gets it). */
  min_tier_id?: string;
}

/** An audience by behaviour as sent (domain/chat/audience.ts); min_spent in dollars. */
export interface SegmentBody {
  type: SegmentKind;
  top?: number | null;
  min_spent?: number | null;
  days?: number | null;
  post_id?: string | null;
  tier_id?: string | null;
}

export interface WelcomeMessageBody {
  _id?: string;
  message: string;
  type: MessageType;
  isLocked: 'locked' | 'free';
  amount?: number;
  media?: string[];
  media_preview?: string | null;
  send_to: Audience;
  new_user_message_delay: WelcomeDelivery;
  delay_by_hours?: number;
}

/** The live frame the staff audience gets whenever a mass message's status or delivery progress changes. */
export interface MassMessageUpdated {
  _id: string;
  status: MassStatus;
  delivered?: number;
  recipients?: number;
  error?: string | null;
}

/** The routes behind the screens (keys of API_ACCESS, domain/access/routes.ts). */
export const MASS_ROUTES = {
  send: 'POST /api/message/send-mass-message',
  count: 'POST /api/message/mass-audience-count',
  list: 'GET /api/message/mass-messages',
  one: 'GET /api/message/mass-messages/:id',
  cancel: 'POST /api/message/mass-messages/:id/cancel',
  errors: 'GET /api/admin/get-error-mass-messages',
  resend: 'POST /api/message/resend-mass-message',
  purchasedBy: 'GET /api/message/mass-messages/:id/purchased-by',
  setWelcome: 'POST /api/message/set-welcome-message',
  getWelcome: 'GET /api/admin/get-welcome-message',
  welcomes: 'GET /api/message/welcome-messages',
  welcomePurchasedBy: 'GET /api/message/welcome-messages/:id/purchased-by',
} as const;

const id = (v: string) => encodeURIComponent(v);

export const massApi = {
  send: async (body: MassMessageBody) => {
    const r = await api<MassMessageView>('/api/message/send-mass-message', { body });
    return { view: r.data, message: r.message };
  },
  count: async (body: { send_to: Audience; audience?: SegmentBody }, signal?: AbortSignal) =>
    (await api<MassAudienceCount>('/api/message/mass-audience-count', { body, signal })).data,
  list: async (q: { page: number; per_page: number; status?: MassStatus | '' }, signal?: AbortSignal) => {
    const params = new URLSearchParams({ page: String(q.page), per_page: String(q.per_page), ...(q.status ? { status: q.status } : {}) });
    return (await api<{ items: MassMessageView[]; total: number }>(`/api/message/mass-messages?${params}`, { signal })).data;
  },
  one: async (massId: string, signal?: AbortSignal) => (await api<MassMessageView>(`/api/message/mass-messages/${id(massId)}`, { signal })).data,
  cancel: async (massId: string) => {
    const r = await api<MassMessageView>(`/api/message/mass-messages/${id(massId)}/cancel`, { body: {} });
    return { view: r.data, message: r.message };
  },
  errors: async (signal?: AbortSignal) => (await api<{ items: MassMessageView[] }>('/api/admin/get-error-mass-messages', { signal })).data,
  resend: async (body: { _id: string; media?: string[]; media_preview?: string | null }) => {
    const r = await api<MassMessageView>('/api/message/resend-mass-message', { body });
    return { view: r.data, message: r.message };
  },
  purchasedBy: async (massId: string, promotionId: string | null, signal?: AbortSignal) =>
    (
      await api<PurchasedByReport<MassMessageView>>(
        `/api/message/mass-messages/${id(massId)}/purchased-by${promotionId ? `?promotion_id=${id(promotionId)}` : ''}`,
        { signal }
      )
    ).data,
  setWelcome: async (body: WelcomeMessageBody) => {
    const r = await api<WelcomeMessageView>('/api/message/set-welcome-message', { body });
    return { view: r.data, message: r.message };
  },
  getWelcome: async (signal?: AbortSignal) => (await api<WelcomeMessageView | null>('/api/admin/get-welcome-message', { signal })).data ?? null,
  welcomes: async (signal?: AbortSignal) => (await api<{ items: WelcomeMessageView[] }>('/api/message/welcome-messages', { signal })).data,
  welcomePurchasedBy: async (welcomeId: string, signal?: AbortSignal) =>
    (await api<PurchasedByReport<WelcomeMessageView>>(`/api/message/welcome-messages/${id(welcomeId)}/purchased-by`, { signal })).data,
};
