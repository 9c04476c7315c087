// Every kind the payment process can take money for, as the registry the process is handed (PaymentDeps.kinds).
// A new kind of purchase is its own file beside these, one line here and one row of facts in
// domain/payment/purchase-kinds.ts; the map's type makes a purpose kind (domain/payment PaymentPurpose) without its
// PurchaseKind a type error.
import { purchaseKindRegistry, type PurchaseKinds } from '../kind';
import { chatUnlockPurchase } from './chat-unlock';
import { payPerMessagePurchase } from './pay-per-message';
import { postUnlockPurchase } from './post-unlock';
import { subscriptionPurchase } from './subscription';
import { tipPurchase } from './tip';
import { liveMinutePurchase } from './live-minute';
import { walletTopUpPurchase } from './wallet-top-up';
import { shopOrderPurchase } from './shop-order';
import { chatBookingPurchase } from './chat-booking';

export const purchaseKinds: PurchaseKinds = purchaseKindRegistry({
  unlock: postUnlockPurchase,
  subscription: subscriptionPurchase,
  tip: tipPurchase,
  chat_unlock: chatUnlockPurchase,
  pay_per_message: payPerMessagePurchase,
  live_minute: liveMinutePurchase,
  wallet_top_up: walletTopUpPurchase,
  shop_order: shopOrderPurchase,
  chat_booking: chatBookingPurchase,
});
