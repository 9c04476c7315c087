// The one registration of purchase kinds: every kind the payment process can take money for. Loaded once at
// start-up (api/app.ts). A new kind of purchase is its own file beside these and one line here; the map's type
// makes a purpose kind (domain/payment PaymentPurpose) without its PurchaseKind a type error.
import { registerPurchaseKind, type PurchaseKind, type PurposeKind } from '../kind';
import { chatUnlockPurchase } from './chat-unlock';
import { payPerMessagePurchase } from './pay-per-message';
import { postUnlockPurchase } from './post-unlock';
import { subscriptionPurchase } from './subscription';
import { tipPurchase } from './tip';
import { liveMinutePurchase } from './live-minute';

const purchaseKinds: { [K in PurposeKind]: PurchaseKind<K> } = {
  unlock: postUnlockPurchase,
  subscription: subscriptionPurchase,
  tip: tipPurchase,
  chat_unlock: chatUnlockPurchase,
  pay_per_message: payPerMessagePurchase,
  live_minute: liveMinutePurchase,
};

for (const kind of Object.values(purchaseKinds)) registerPurchaseKind(kind);
