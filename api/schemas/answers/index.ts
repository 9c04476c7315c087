// Every route's success answer that the route itself does not declare, by the route table's key, for the OpenAPI
// document (api/openapi-operations.ts). Documentation only: answers are serialised as they are (api/openapi-validation.ts).
import type { RouteAnswers } from './types';
import { accountsAnswers } from './accounts';
import { feedAnswers } from './feed';
import { chatAnswers } from './chat';
import { chatMarksAnswers } from './chat-marks';
import { chatStaffAnswers } from './chat-staff';
import { chatFanMediaAnswers } from './chat-fan-media';
import { purchasedContentsAnswers } from './purchased-contents';
import { lastSeenAnswers } from './last-seen';
import { creatorProfileAnswers } from './creator-profile';
import { massMessagesAnswers } from './mass-messages';
import { welcomeMessageAnswers } from './welcome-message';
import { savedRepliesAnswers } from './saved-replies';
import { paymentMethodsAnswers } from './payment-methods';
import { mediaAnswers } from './media';
import { adminAnswers } from './admin';
import { accountSettingsAnswers } from './account-settings';
import { staffAnswers } from './staff';
import { engagementAnswers } from './engagement';
import { feedTagsAnswers } from './feed-tags';
import { gatewayAnswers } from './gateway';
import { landingAnswers } from './landing';
import { libraryAnswers } from './library';
import { walletAnswers } from './wallet';
import { walletPurchasesAnswers } from './wallet-purchases';
import { cryptoPaymentsAnswers } from './crypto-payments';
import { promotionsAnswers } from './promotions';
import { couponsAnswers } from './coupons';
import { resubscribeOfferAnswers } from './resubscribe-offer';
import { subscriptionsAnswers } from './subscriptions';
import { subscriptionSettingsAnswers } from './subscription-settings';
import { shellAnswers } from './shell';
import { contactAnswers } from './contact';
import { pushAnswers } from './push';
import { notificationsAnswers } from './notifications';
import { helpAnswers } from './help';
import { streamAnswers } from './stream';
import { liveReportsAnswers } from './live-reports';
import { reportsAnswers } from './reports';
import { adminToolsAnswers } from './admin-tools';
import { siteConfigAnswers } from './site-config';
import { paymentProvidersAnswers } from './payment-providers';
import { providerPathsAnswers } from './provider-paths';

export const ROUTE_ANSWERS: RouteAnswers = {
  ...accountsAnswers,
  ...feedAnswers,
  ...chatAnswers,
  ...chatMarksAnswers,
  ...chatStaffAnswers,
  ...chatFanMediaAnswers,
  ...purchasedContentsAnswers,
  ...lastSeenAnswers,
  ...creatorProfileAnswers,
  ...massMessagesAnswers,
  ...welcomeMessageAnswers,
  ...savedRepliesAnswers,
  ...paymentMethodsAnswers,
  ...mediaAnswers,
  ...adminAnswers,
  ...accountSettingsAnswers,
  ...staffAnswers,
  ...engagementAnswers,
  ...feedTagsAnswers,
  ...gatewayAnswers,
  ...landingAnswers,
  ...libraryAnswers,
  ...walletAnswers,
  ...walletPurchasesAnswers,
  ...cryptoPaymentsAnswers,
  ...promotionsAnswers,
  ...couponsAnswers,
  ...resubscribeOfferAnswers,
  ...subscriptionsAnswers,
  ...subscriptionSettingsAnswers,
  ...shellAnswers,
  ...contactAnswers,
  ...pushAnswers,
  ...notificationsAnswers,
  ...helpAnswers,
  ...streamAnswers,
  ...liveReportsAnswers,
  ...reportsAnswers,
  ...adminToolsAnswers,
  ...siteConfigAnswers,
  ...paymentProvidersAnswers,
  ...providerPathsAnswers,
};
