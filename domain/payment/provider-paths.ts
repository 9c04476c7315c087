// Which call a payment action goes to. Three path sets answer the same purchases through the same payment
// process: the v2 set (/api/v2/…), the CCBill set of the v1 payment API (/api/ccbill/…) and the Sticky.io set
// (/api/sticky-io/…). The fan site picks its set from the settings; the server refuses a provider's set while
// that provider is not the one cards are charged at (providerPathRefusal).

export const PATH_SETS = ['v2', 'ccbill', 'sticky-io'] as const;
export type PathSet = (typeof PATH_SETS)[number];

export const PAYMENT_ACTIONS = ['subscribe', 'resubscribe', 'unlock', 'tip', 'chat_tip', 'chat_unlock', 'add_card', 'cancel', 'migrate'] as const;
export type PaymentAction = (typeof PAYMENT_ACTIONS)[number];

/** Each action's call in each set (with a typed card, a saved one or the wallet). A set with no call of its own for an action uses the v2 one. */
const PAYMENT_PATHS_V2: Record<PaymentAction, string> = {
  subscribe: '/api/v2/purchase/subscription',
  resubscribe: '/api/v2/purchase/resubscribe-with-card',
  unlock: '/api/v2/purchase/blog-content-purchase',
  tip: '/api/v2/purchase/send-tip',
  chat_tip: '/api/v2/purchase/send-tip',
  chat_unlock: '/api/v2/purchase/chat-content-purchase',
  add_card: '/api/v2/purchase/add-new-card',
  cancel: '/api/v2/subscription/cancel-subscription',
  migrate: '/api/v2/purchase/migrate-subscription',
};

export const PAYMENT_PATHS: Record<PathSet, Record<PaymentAction, string>> = {
  v2: PAYMENT_PATHS_V2,
  ccbill: {
    subscribe: '/api/ccbill/subscribe-with-card',
    resubscribe: '/api/ccbill/resubscribe-with-card',
    unlock: '/api/ccbill/pay',
    tip: '/api/v2/purchase/send-tip',
    chat_tip: '/api/v2/purchase/send-tip',
    chat_unlock: '/api/v2/purchase/chat-content-purchase',
    add_card: '/api/v2/purchase/add-new-card',
    cancel: '/api/cancel-subscription',
    migrate: '/api/migrate-subscription-for-user',
  },
  'sticky-io': {
    subscribe: '/api/sticky-io/subscribe',
    resubscribe: '/api/sticky-io/resubscribe',
    unlock: '/api/sticky-io/blog-content-purchase',
    tip: '/api/sticky-io/send-tip',
    chat_tip: '/api/sticky-io/send-tip-from-chat',
    chat_unlock: '/api/v2/purchase/chat-content-purchase',
    add_card: '/api/v2/purchase/add-new-card',
    cancel: '/api/sticky-io/cancel-subscription',
    migrate: '/api/v2/purchase/migrate-subscription',
  },
};

/**
 * The CCBill set charges a saved card through calls of its own: a post at blog_charge_by_previous, a tip or a chat
 * unlock at charge_by_previous (whose body's `action` tells them apart: 'tips' or 'chat'). Its subscribe calls take
 * a typed card only: with a saved card (or the wallet) the v2 ones serve.
 */
export const SAVED_CARD_PATHS: Partial<Record<PathSet, Partial<Record<PaymentAction, string>>>> = {
  ccbill: {
    subscribe: PAYMENT_PATHS_V2.subscribe,
    resubscribe: PAYMENT_PATHS_V2.resubscribe,
    unlock: '/api/ccbill/blog_charge_by_previous',
    tip: '/api/ccbill/charge_by_previous',
    chat_tip: '/api/ccbill/charge_by_previous',
    chat_unlock: '/api/ccbill/charge_by_previous',
  },
};

/** The set the fan site calls: Sticky.io when it bills the cards, CCBill on the v1 payment API, else v2. */
export function pathSetOf(settings: { payment_api_version: 'v1' | 'v2'; is_sticky_io_enabled?: boolean }): PathSet {
  if (settings.is_sticky_io_enabled) return 'sticky-io';
  return settings.payment_api_version === 'v1' ? 'ccbill' : 'v2';
}

/** The call for an action; `savedCard`: the fan pays with a saved card (or the primary one) rather than typing one in. */
export const paymentPath = (set: PathSet, action: PaymentAction, savedCard = false): string =>
  (savedCard ? SAVED_CARD_PATHS[set]?.[action] : undefined) ?? PAYMENT_PATHS[set][action];

/** Every call that charges or saves a card, in any set (the fan site's "card calls"). */
export const CARD_CALL_PATHS: ReadonlySet<string> = new Set([
  ...PATH_SETS.flatMap((set) => PAYMENT_ACTIONS.filter((a) => a !== 'cancel').map((a) => PAYMENT_PATHS[set][a])),
  ...Object.values(SAVED_CARD_PATHS).flatMap((paths) => Object.values(paths ?? {})),
  '/api/v2/purchase/subscription-with-card',
  '/api/v2/subscription/retry-rebill',
]);

export const isCardCall = (path: string): boolean => CARD_CALL_PATHS.has(path.split('?')[0]);

/** What the server knows of the card providers when a provider's call arrives. */
export interface ProviderState {
  stickyIoSwitchedOn: boolean;
  stickyIoSettingsSaved: boolean;
  ccbillRestSwitchedOn: boolean;
  ccbillSettingsSaved: boolean;
}

export const STICKY_IO_SWITCH = "'Charge cards through Sticky.io' (console → Subscriptions → Billing and migration)";
export const CCBILL_REST_SWITCH = "'Charge cards through CCBill's REST API' (console → Subscriptions → Billing and migration)";

/**
 * Why a provider's own call is refused (409), or null when it may be served. Sticky.io's calls need Sticky.io to
 * bill the cards (switched on, settings saved). CCBill's calls are refused while Sticky.io bills the cards, and
 * while CCBill's REST API is switched on without its settings; with no provider switched on they run on the
 * sandbox, like every card call of a site still being set up.
 */
export function providerPathRefusal(set: Exclude<PathSet, 'v2'>, s: ProviderState): string | null {
  const stickyBills = s.stickyIoSwitchedOn && s.stickyIoSettingsSaved;
  if (set === 'sticky-io') {
    if (!s.stickyIoSwitchedOn) return `Sticky.io does not bill cards on this site: switch on ${STICKY_IO_SWITCH}.`;
    if (!s.stickyIoSettingsSaved) return STICKY_IO_NOT_SAVED;
    return null;
  }
  if (stickyBills) return 'Cards are charged through Sticky.io on this site: this call is for CCBill (the Sticky.io calls are under /api/sticky-io/).';
  if (s.ccbillRestSwitchedOn && !s.ccbillSettingsSaved) return CCBILL_NOT_SAVED;
  return null;
}

const STICKY_IO_NOT_SAVED = "Sticky.io's settings are not saved (console → Settings → Sticky.io).";
const CCBILL_NOT_SAVED = `CCBill's settings are not saved (console → Settings → CCBill: the account and its REST API), or switch off ${CCBILL_REST_SWITCH}.`;

/**
 * Where new cards are taken, whichever path the call came by: the provider switched on once its settings are saved,
 * the sandbox otherwise. Sticky.io switched on without its settings refuses new cards (naming what is missing)
 * rather than letting the sandbox take them as if they were paid. CCBill's REST switch is on by default on a new
 * site, so until CCBill's settings are saved the sandbox takes the cards, as on every site still being set up.
 */
export function cardProviderOf(s: ProviderState): { provider: 'sticky-io' | 'ccbill' | 'sandbox' } | { refusal: string } {
  if (s.stickyIoSwitchedOn) return s.stickyIoSettingsSaved ? { provider: 'sticky-io' } : { refusal: STICKY_IO_NOT_SAVED };
  if (s.ccbillRestSwitchedOn && s.ccbillSettingsSaved) return { provider: 'ccbill' };
  return { provider: 'sandbox' };
}
