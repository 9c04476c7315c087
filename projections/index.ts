// Every read model the site serves from. Rebuild and the live runner both use this list.
import type { Projection } from './projection';
import { usersProjection } from './users';
import { reportPaymentsProjection } from './report-payments';
import { userUtmProjection } from './user-utm';
import { mediaProjection } from './media';
import { postsProjection } from './posts';
import { unlocksProjection } from './unlocks';
import { subscribersProjection } from './subscribers';
import { transactionsProjection } from './transactions';
import { cardsProjection } from './cards';
import { settingsProjection } from './settings';
import { earningsProjection } from './earnings';
import { auditLogProjection } from './audit-log';
import { membersProjection } from './members';
import { accountStatusProjection } from './account-status';
import { feedTagsProjection } from './feed-tags';
import { engagementProjection } from './engagement';
import { mediaLibraryProjection } from './media-library';
import { walletProjection } from './wallet';
import { promotionsProjection } from './promotions';
import { couponsProjection } from './coupons';
import { membershipPlansProjection } from './membership-plans';
import { tierEarningsProjection } from './tier-earnings';
import { tipsProjection } from './tips';
import { resubscribeOffersProjection } from './resubscribe-offers';
import { chatMessagesProjection } from './chat-messages';
import { chatConversationsProjection } from './chat-conversations';
import { massMessagesProjection } from './mass-messages';
import { savedRepliesProjection } from './saved-replies';
import { lastSeenProjection } from './last-seen';
import { creatorPresenceProjection } from './creator-presence';
import { contactMessagesProjection } from './contact-messages';
import { pushProjection } from './push';
import { subscriptionEmailsProjection } from './subscription-emails';
import { liveSessionsProjection } from './live-sessions';
import { notificationsProjection } from './notifications';
import { helpProjection } from './help';
import { adminToolsProjection } from './admin-tools';
import { paymentProviderSettingsProjection } from './payment-provider-settings';
import { shopProductsProjection } from './shop-products';
import { shopCartsProjection } from './shop-carts';
import { shopAddressesProjection } from './shop-addresses';
import { shopOrdersProjection } from './shop-orders';
import { shopEmailsProjection } from './shop-emails';
import { chatBookingsProjection } from './chat-bookings';
import { chatBookingEmailsProjection } from './chat-booking-emails';

export const allProjections: Projection[] = [
  usersProjection,
  mediaProjection,
  postsProjection,
  unlocksProjection,
  subscribersProjection,
  transactionsProjection,
  cardsProjection,
  settingsProjection,
  earningsProjection,
  reportPaymentsProjection,
  userUtmProjection,
  auditLogProjection,
  membersProjection,
  accountStatusProjection,
  engagementProjection,
  feedTagsProjection,
  mediaLibraryProjection,
  walletProjection,
  promotionsProjection,
  couponsProjection,
  membershipPlansProjection,
  tierEarningsProjection,
  tipsProjection,
  resubscribeOffersProjection,
  chatMessagesProjection,
  chatConversationsProjection,
  massMessagesProjection,
  savedRepliesProjection,
  lastSeenProjection,
  creatorPresenceProjection,
  contactMessagesProjection,
  pushProjection,
  subscriptionEmailsProjection,
  liveSessionsProjection,
  notificationsProjection,
  helpProjection,
  adminToolsProjection,
  paymentProviderSettingsProjection,
  shopProductsProjection,
  shopCartsProjection,
  shopAddressesProjection,
  shopOrdersProjection,
  shopEmailsProjection,
  chatBookingsProjection,
  chatBookingEmailsProjection,
];
