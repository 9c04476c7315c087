// Every event the domain defines, one union: read models name the types they handle and get these, narrowed
// (projections/projection.ts defineProjection), and the auditor's ledger (ledger/ledger.ts) folds them, so a field
// renamed in an aggregate fails the type check wherever an event of it is read.
import type { CardEvent } from './card/card';
import type { CategoryEvent } from './category/category';
import type { ChatMessageEvent } from './chat/chat-message';
import type { ConversationEvent } from './chat/conversation';
import type { MassMessageEvent } from './chat/mass-message';
import type { WelcomeMessageEvent } from './chat/welcome-message';
import type { SavedReplyEvent } from './chat/saved-reply';
import type { ContactMessageEvent } from './contact/contact-message';
import type { CouponEvent } from './coupon/coupon';
import type { CommenterEvent, EngagementEvent } from './engagement/engagement';
import type { FeedTagEvent } from './feed-tag/feed-tag';
import type { MediaEvent } from './media/media';
import type { PlansEvent } from './membership-plan/plan';
import type { DataExportEvent } from './member/data-export';
import type { MemberEvent } from './member/member';
import type { LastSeenEvent } from './member/last-seen';
import type { CreatorPresenceEvent } from './creator/presence';
import type { LiveSessionEvent, LiveStudioEvent } from './live/live-session';
import type { ResubscribeOfferEvent } from './offer/resubscribe-offer';
import type { PaymentEvent } from './payment/payment';
import type { PostEvent } from './post/post';
import type { PromotionEvent } from './promotion/promotion';
import type { PromotionSettingsEvent } from './promotion/promotion-settings';
import type { SettingsEvent } from './settings/settings';
import type { SubscriptionEvent } from './subscription/subscription';
import type { TipEvent } from './tip/tip';
import type { UnlockEvent } from './unlock/unlock';
import type { GuestPurchaseEvent } from './guest-purchase/guest-purchase';
import type { EmailClaimEvent } from './user/email-claim';
import type { UserEvent } from './user/user';
import type { CryptoPaymentEvent } from './wallet/crypto-topup';
import type { PaymentMethodEvent } from './wallet/payment-method';
import type { WalletEvent } from './wallet/wallet';
import type { RedirectUrlEvent } from './redirect-url/redirect-url';
import type { SubscriptionLinkEvent } from './subscription-link/subscription-link';
import type { PaymentProviderSettingsEvent } from './payment-providers/provider-settings';
import type { ProductEvent } from './shop-product/product';
import type { StockEvent } from './shop-stock/stock';
import type { CartEvent } from './shop-cart/cart';
import type { OrderEvent } from './shop-order/order';
import type { DownloadEvent } from './shop-download/download';
import type { AddressBookEvent } from './shop-address/address-book';
import type { AvailabilityEvent } from './chat-booking/availability';
import type { BookingEvent } from './chat-booking/booking';
import type { BookingEmailEvent } from './chat-booking/booking-email';
import type { CalendarEvent } from './chat-booking/calendar';
import type { AllowedUsersEvent } from './chat-booking/chat-access';

export type AnyDomainEvent =
  | RedirectUrlEvent
  | SubscriptionLinkEvent
  | CardEvent
  | CategoryEvent
  | ChatMessageEvent
  | ConversationEvent
  | MassMessageEvent
  | WelcomeMessageEvent
  | SavedReplyEvent
  | ContactMessageEvent
  | CouponEvent
  | CommenterEvent
  | EngagementEvent
  | FeedTagEvent
  | MediaEvent
  | DataExportEvent
  | MemberEvent
  | LastSeenEvent
  | CreatorPresenceEvent
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
  | GuestPurchaseEvent
  | EmailClaimEvent
  | UserEvent
  | CryptoPaymentEvent
  | PaymentMethodEvent
  | WalletEvent
  | PaymentProviderSettingsEvent
  | ProductEvent
  | StockEvent
  | CartEvent
  | OrderEvent
  | DownloadEvent
  | AddressBookEvent
  | PlansEvent
  | AvailabilityEvent
  | BookingEvent
  | BookingEmailEvent
  | CalendarEvent
  | AllowedUsersEvent;

export type AnyEventType = AnyDomainEvent['type'];
