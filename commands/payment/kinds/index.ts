// The one registration of purchase kinds: every kind the payment process can take money for. Loaded once at
// start-up (api/app.ts). A new kind of purchase is its own file beside these and one line here.
import { registerPurchaseKind } from '../kind';
import { chatUnlockPurchase } from './chat-unlock';
import { payPerMessagePurchase } from './pay-per-message';
import { postUnlockPurchase } from './post-unlock';
import { subscriptionPurchase } from './subscription';
import { tipPurchase } from './tip';

registerPurchaseKind(postUnlockPurchase);
registerPurchaseKind(subscriptionPurchase);
registerPurchaseKind(tipPurchase);
registerPurchaseKind(chatUnlockPurchase);
registerPurchaseKind(payPerMessagePurchase);
