// Every event the domain defines, one union: projections name the types they handle and get these, narrowed
// (projection.ts defineProjection), so a field renamed in domain/ fails the type check in the read model.
import type { CardEvent } from '../domain/card/card';
import type { CategoryEvent } from '../domain/category/category';
import type { ChatMessageEvent } from '../domain/chat/chat-message';
import type { ConversationEvent } from '../domain/chat/conversation';
import type { MassMessageEvent } from '../domain/chat/mass-message';
import type { WelcomeMessageEvent } from '../domain/chat/welcome-message';
import type { ContactMessageEvent } from '../domain/contact/contact-message';
import type { CouponEvent } from '../domain/coupon/coupon';
import type { CommenterEvent, EngagementEvent } from '../domain/engagement/engagement';
import type { FeedTagEvent } from '../domain/feed-tag/feed-tag';
import type { MediaEvent } from '../domain/media/media';
import type { DataExportEvent } from '../domain/member/data-export';
import type { MemberEvent } from '../domain/member/member';
import type { LastSeenEvent } from '../domain/member/last-seen';
import type { LiveSessionEvent, LiveStudioEvent } from '../domain/live/live-session';
import type { ResubscribeOfferEvent } from '../domain/offer/resubscribe-offer';
import type { PaymentEvent } from '../domain/payment/payment';
import type { PostEvent } from '../domain/post/post';
import type { PromotionEvent } from '../domain/promotion/promotion';
import type { PromotionSettingsEvent } from '../domain/promotion/promotion-settings';
import type { SettingsEvent } from '../domain/settings/settings';
import type { SubscriptionEvent } from '../domain/subscription/subscription';
import type { TipEvent } from '../domain/tip/tip';
import type { UnlockEvent } from '../domain/unlock/unlock';
import type { EmailClaimEvent } from '../domain/user/email-claim';
import type { UserEvent } from '../domain/user/user';
import type { CryptoPaymentEvent } from '../domain/wallet/crypto-topup';
import type { PaymentMethodEvent } from '../domain/wallet/payment-method';
import type { WalletEvent } from '../domain/wallet/wallet';
import type { RedirectUrlEvent } from '../domain/redirect-url/redirect-url';
import type { SubscriptionLinkEvent } from '../domain/subscription-link/subscription-link';

export type AnyDomainEvent =
  | RedirectUrlEvent
  | SubscriptionLinkEvent
  | CardEvent
  | CategoryEvent
  | ChatMessageEvent
  | ConversationEvent
  | MassMessageEvent
  | WelcomeMessageEvent
  | ContactMessageEvent
  | CouponEvent
  | CommenterEvent
  | EngagementEvent
  | FeedTagEvent
  | MediaEvent
  | DataExportEvent
  | MemberEvent
  | LastSeenEvent
  | LiveSessionEvent
  | LiveStudioEvent
  | ResubscribeOfferEvent
  | PaymentEvent
  | PostEvent
  | PromotionEvent
  | PromotionSettingsEvent
  | SettingsEvent
  | SubscriptionEvent
  | TipEvent
  | UnlockEvent
  | EmailClaimEvent
  | UserEvent
  | CryptoPaymentEvent
  | PaymentMethodEvent
  | WalletEvent;

export type AnyEventType = AnyDomainEvent['type'];
