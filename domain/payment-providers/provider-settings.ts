// The payment providers' settings (console pages ccbill-settings, ccbill-rest-api-settings, sticky-io-setting and
// forum-pay-setting): the credentials each real provider's adapter needs. One stream, `payment-provider-settings`,
// holds every provider's settings.
//
// Secrets (salt, API secrets, passwords) never reach this aggregate in plaintext: the command carries them already
// sealed (AES-GCM, the key outside the event log: infra/secrets/sealed-box.ts), and an event carries a sealed secret
// only when it changes. Answers say only whether a secret is set.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';

export const PAYMENT_PROVIDER_SETTINGS_STREAM = 'payment-provider-settings';

export const PAYMENT_PROVIDERS = ['ccbill', 'ccbill-rest-api', 'ccbill-datalink', 'sticky-io', 'forumpay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const isPaymentProvider = (v: string): v is PaymentProvider => (PAYMENT_PROVIDERS as readonly string[]).includes(v);

/** The unsealed settings each adapter is given (its `settings` getter), by provider. */
export interface CcbillSettings { clientAccnum: string; clientSubacc: string; flexId: string; salt: string; liveMode: boolean }
export interface CcbillRestApiSettings { restAppId: string; restSecret: string }
export interface CcbillDatalinkSettings { datalinkUsername: string; datalinkPassword: string }
export interface StickyIoSettings {
  appKey: string; apiUsername: string; apiPassword: string; campaignId: string; shippingId: string; offerId: string; productId: string;
  billingModelId: string; postbackSecret: string;
}
export interface ForumPaySettings { apiUser: string; apiSecret: string; posId: string; enable_forumpay_payment_live_mode: boolean }
export interface ProviderSettingsOf {
  ccbill: CcbillSettings;
  'ccbill-rest-api': CcbillRestApiSettings;
  'ccbill-datalink': CcbillDatalinkSettings;
  'sticky-io': StickyIoSettings;
  forumpay: ForumPaySettings;
}

/** One setting of a provider: how it is entered, checked and shown. */
export interface ProviderField {
  name: string;
  label: string;
  kind: 'text' | 'secret' | 'switch';
  help: string;
  /** A saved provider needs it (text: not empty; secret: stored or given). */
  required?: boolean;
  /** The whole value must match; `message` says what is expected. */
  pattern?: RegExp;
  message?: string;
  max: number;
  /** A secret the server makes up when none is given or stored (a random token). */
  generated?: boolean;
}

const DIGITS = /^\d+$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** A host label: the account's own name in https://{appKey}.sticky.io. */
const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
/** Control characters (line breaks, tabs, NUL, DEL) would break headers, forms and logs. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const text = (name: string, label: string, help: string, extra: Partial<ProviderField> = {}): ProviderField => ({ name, label, kind: 'text', help, required: true, max: 100, ...extra });
const secret = (name: string, label: string, help: string, extra: Partial<ProviderField> = {}): ProviderField => ({ name, label, kind: 'secret', help, required: true, max: 200, ...extra });
const switchOf = (name: string, label: string, help: string): ProviderField => ({ name, label, kind: 'switch', help, max: 5 });
const stickyId = (name: string, label: string, help: string) => text(name, label, help, { pattern: DIGITS, message: `${name} must be a number from your Sticky.io account.`, max: 12 });

export const PROVIDER_FIELDS: { readonly [P in PaymentProvider]: readonly ProviderField[] } = {
  ccbill: [
    text('clientAccnum', 'Account number', 'Your 6-digit CCBill main account (clientAccnum).', { pattern: /^\d{6}$/, message: 'clientAccnum must be the 6-digit CCBill account number.', max: 6 }),
    text('clientSubacc', 'Subaccount', 'The 4-digit subaccount, leading zeros included, e.g. 0000.', { pattern: /^\d{4}$/, message: 'clientSubacc must be the 4-digit subaccount, e.g. 0000.', max: 4 }),
    text('flexId', 'FlexForm ID', 'The FlexForm\'s ID (a UUID) from the FlexForms admin.', { pattern: UUID, message: 'flexId must be the FlexForm ID, a UUID like 01234567-89ab-cdef-0123-456789abcdef.', max: 36 }),
    secret('salt', 'Salt', 'The encryption key from Sub Account Admin → Advanced: up to 32 letters and digits.', { pattern: /^[A-Za-z0-9]{1,32}$/, message: 'salt must be up to 32 letters and digits.', max: 32 }),
    switchOf('liveMode', 'Live mode', 'Off: the FlexForm runs in sandbox. On: real cards are charged.'),
  ],
  'ccbill-rest-api': [
    text('restAppId', 'Application ID', 'The REST API application ID issued by CCBill (Merchant Connect).'),
    secret('restSecret', 'Secret', 'The REST API secret issued with the application ID.'),
  ],
  'ccbill-datalink': [
    text('datalinkUsername', 'DataLink username', 'The DataLink user (not your admin login); the server\'s IP must be allow-listed.'),
    secret('datalinkPassword', 'DataLink password', 'The DataLink user\'s password.'),
  ],
  'sticky-io': [
    text('appKey', 'App key', 'Your account\'s name in https://<app key>.sticky.io.', { pattern: HOST_LABEL, message: 'appKey must be the account name in https://<app key>.sticky.io (letters, digits and hyphens).', max: 63 }),
    text('apiUsername', 'API username', 'An API user created in the CRM, with the order methods granted.'),
    secret('apiPassword', 'API password', 'The API user\'s password.'),
    stickyId('campaignId', 'Campaign ID', 'The campaign orders are placed in.'),
    stickyId('shippingId', 'Shipping ID', 'The shipping method of orders (a digital one).'),
    stickyId('offerId', 'Offer ID', 'The offer of the membership.'),
    stickyId('productId', 'Product ID', 'The product of the membership.'),
    stickyId('billingModelId', 'Billing model ID', 'The billing model that renews the membership.'),
    secret('postbackSecret', 'Postback secret', 'Put in your Post Back URL so the site knows the post is from Sticky.io. Left empty, one is made for you.', { required: false, generated: true, pattern: /^[A-Za-z0-9_-]{16,200}$/, message: 'postbackSecret must be 16 to 200 letters, digits, - or _.' }),
  ],
  forumpay: [
    text('apiUser', 'API user', 'The API user from the ForumPay dashboard (API Settings).'),
    secret('apiSecret', 'API secret', 'Both parts of the API secret, one after the other.'),
    text('posId', 'POS ID', 'Your shop\'s identifier at ForumPay.', { pattern: /^[A-Za-z0-9._-]+$/, message: 'posId may contain only letters, digits, dots, hyphens and underscores.', max: 64 }),
    switchOf('enable_forumpay_payment_live_mode', 'Live mode', 'Off: payments go to the ForumPay sandbox. On: real crypto is received.'),
  ],
};

export const PROVIDER_TITLES: { readonly [P in PaymentProvider]: string } = {
  ccbill: 'CCBill', 'ccbill-rest-api': 'CCBill REST API', 'ccbill-datalink': 'CCBill DataLink', 'sticky-io': 'Sticky.io', forumpay: 'ForumPay',
};

export const PROVIDER_SETTINGS_MESSAGES = {
  saved: 'update settings successfully.',
  cleared: (p: PaymentProvider) => `${PROVIDER_TITLES[p]} settings removed.`,
  nothing: (p: PaymentProvider) => `No ${PROVIDER_TITLES[p]} settings are saved.`,
  required: (f: ProviderField) => `${f.name} is required.`,
  tooLong: (f: ProviderField) => `${f.name} cannot be more than ${f.max} characters.`,
  control: (f: ProviderField) => `${f.name} cannot contain line breaks, tabs or other control characters.`,
  notSwitch: (f: ProviderField) => `${f.name} must be true or false.`,
  notSaved: (p: PaymentProvider) => `Save the ${PROVIDER_TITLES[p]} settings first.`,
  testUnavailable: 'Connection tests are not available for this provider yet.',
} as const;

/** Non-secret settings as recorded: text fields as strings, switches as booleans. */
export type ProviderFieldValues = Record<string, string | boolean>;
/** Secret name → sealed text (v1.<iv>.<ciphertext+tag>). */
export type SealedSecrets = Record<string, string>;
export interface StoredProviderSettings { fields: ProviderFieldValues; sealed: SealedSecrets }

export type PaymentProviderSettingsState = { providers: { [P in PaymentProvider]?: StoredProviderSettings } };

export type PaymentProviderSettingsEvent =
  /** `sealed`: only the secrets that changed; null = removed. */
  | DomainEvent<'PaymentProviderSettingsSaved', { provider: PaymentProvider; fields: ProviderFieldValues; sealed: Record<string, string | null> }>
  | DomainEvent<'PaymentProviderSettingsCleared', { provider: PaymentProvider }>;

/** What to do with a stored secret: keep it, replace it (already sealed), remove it. */
export type SecretChange = { keep: true } | { sealed: string } | { clear: true };

export type PaymentProviderSettingsCommand =
  | {
      type: 'SavePaymentProviderSettings';
      provider: PaymentProvider;
      fields: ProviderFieldValues;
      secrets: Record<string, SecretChange>;
      /** Sealed values made up by the server for `generated` secrets, used only when none is given or stored. */
      generated: SealedSecrets;
    }
  | { type: 'ClearPaymentProviderSettings'; provider: PaymentProvider };

export const fieldsOf = (provider: PaymentProvider) => PROVIDER_FIELDS[provider];
export const secretFieldsOf = (provider: PaymentProvider) => PROVIDER_FIELDS[provider].filter((f) => f.kind === 'secret');

/** The rules of one text value or plaintext secret; the message names the field. */
export function checkFieldValue(f: ProviderField, value: string): void {
  if (CONTROL.test(value)) throw new ValidationError(f.name, PROVIDER_SETTINGS_MESSAGES.control(f));
  if (value.length > f.max) throw new ValidationError(f.name, f.pattern && f.message ? f.message : PROVIDER_SETTINGS_MESSAGES.tooLong(f));
  if (value === '') {
    if (f.required && f.kind === 'text') throw new ValidationError(f.name, PROVIDER_SETTINGS_MESSAGES.required(f));
    return;
  }
  if (f.pattern && !f.pattern.test(value)) throw new ValidationError(f.name, f.message ?? PROVIDER_SETTINGS_MESSAGES.required(f));
}

/** The non-secret settings of a save, checked and in the provider's field order (unknown names are dropped). */
export function checkProviderFields(provider: PaymentProvider, input: Record<string, unknown>): ProviderFieldValues {
  const out: ProviderFieldValues = {};
  for (const f of PROVIDER_FIELDS[provider]) {
    if (f.kind === 'secret') continue;
    const v = input[f.name];
    if (f.kind === 'switch') {
      if (v !== undefined && typeof v !== 'boolean') throw new ValidationError(f.name, PROVIDER_SETTINGS_MESSAGES.notSwitch(f));
      out[f.name] = v ?? false;
      continue;
    }
    if (v !== undefined && typeof v !== 'string') throw new ValidationError(f.name, PROVIDER_SETTINGS_MESSAGES.required(f));
    checkFieldValue(f, v ?? '');
    out[f.name] = v ?? '';
  }
  return out;
}

/** A plaintext secret's rules, checked before it is sealed (the aggregate never sees it). */
export function checkProviderSecret(provider: PaymentProvider, name: string, plaintext: string): void {
  const f = secretFieldsOf(provider).find((s) => s.name === name);
  if (!f) throw new ValidationError(name, `${name} is not a setting of ${PROVIDER_TITLES[provider]}.`);
  checkFieldValue(f, plaintext);
}

const sameFields = (a: ProviderFieldValues, b: ProviderFieldValues) => Object.keys(b).every((k) => a[k] === b[k]) && Object.keys(a).every((k) => k in b);

export const paymentProviderSettingsDecider: Decider<PaymentProviderSettingsCommand, PaymentProviderSettingsEvent, PaymentProviderSettingsState> = {
  initialState: () => ({ providers: {} }),
  evolve(state, event) {
    const { provider } = event.data;
    if (event.type === 'PaymentProviderSettingsCleared') {
      const providers = { ...state.providers };
      delete providers[provider];
      return { providers };
    }
    const sealed: SealedSecrets = { ...(state.providers[provider]?.sealed ?? {}) };
    for (const [name, value] of Object.entries(event.data.sealed)) {
      if (value === null) delete sealed[name];
      else sealed[name] = value;
    }
    return { providers: { ...state.providers, [provider]: { fields: event.data.fields, sealed } } };
  },
  decide(command, state) {
    const prev = state.providers[command.provider];
    if (command.type === 'ClearPaymentProviderSettings') {
      if (!prev) throw new DomainError(PROVIDER_SETTINGS_MESSAGES.nothing(command.provider), 'NOT_FOUND', 404);
      return [{ type: 'PaymentProviderSettingsCleared', data: { provider: command.provider } }];
    }
    const fields = checkProviderFields(command.provider, command.fields);
    const changes: Record<string, string | null> = {};
    for (const f of secretFieldsOf(command.provider)) {
      const change = command.secrets[f.name] ?? { keep: true };
      const stored = prev?.sealed[f.name] ?? null;
      let next = 'sealed' in change ? change.sealed : 'clear' in change ? null : stored;
      if (next === null && f.generated) next = command.generated[f.name] ?? null;
      if (next === null && f.required) throw new ValidationError(f.name, PROVIDER_SETTINGS_MESSAGES.required(f));
      if (next !== stored) changes[f.name] = next;
    }
    if (prev && sameFields(prev.fields, fields) && Object.keys(changes).length === 0) return [];
    return [{ type: 'PaymentProviderSettingsSaved', data: { provider: command.provider, fields, sealed: changes } }];
  },
};

export type SecretShown = 'set' | 'not set';
/** What the console is told about one provider: the non-secret settings, and only whether each secret is set. */
export type ProviderSettingsView = { provider: PaymentProvider; configured: boolean; updated_at: string | null } & Record<string, string | boolean | null>;

export function providerSettingsView(provider: PaymentProvider, stored: StoredProviderSettings | null, updatedAt: string | null = null): ProviderSettingsView {
  const view: ProviderSettingsView = { provider, configured: stored !== null, updated_at: stored ? updatedAt : null };
  for (const f of PROVIDER_FIELDS[provider]) {
    if (f.kind === 'secret') view[f.name] = stored?.sealed[f.name] ? 'set' : 'not set';
    else view[f.name] = stored?.fields[f.name] ?? (f.kind === 'switch' ? false : '');
  }
  return view;
}

/** Reads one stored setting: a text field or an opened secret as text ('' when unset), a switch as true/false. */
interface SettingReader {
  text(name: string): string;
  on(name: string): boolean;
}

/** Each adapter's settings, assembled field by field (so a renamed field is a type error, not an empty value). */
const ASSEMBLE: { readonly [P in PaymentProvider]: (r: SettingReader) => ProviderSettingsOf[P] } = {
  ccbill: (r) => ({ clientAccnum: r.text('clientAccnum'), clientSubacc: r.text('clientSubacc'), flexId: r.text('flexId'), salt: r.text('salt'), liveMode: r.on('liveMode') }),
  'ccbill-rest-api': (r) => ({ restAppId: r.text('restAppId'), restSecret: r.text('restSecret') }),
  'ccbill-datalink': (r) => ({ datalinkUsername: r.text('datalinkUsername'), datalinkPassword: r.text('datalinkPassword') }),
  'sticky-io': (r) => ({
    appKey: r.text('appKey'), apiUsername: r.text('apiUsername'), apiPassword: r.text('apiPassword'), campaignId: r.text('campaignId'),
    shippingId: r.text('shippingId'), offerId: r.text('offerId'), productId: r.text('productId'), billingModelId: r.text('billingModelId'),
    postbackSecret: r.text('postbackSecret'),
  }),
  forumpay: (r) => ({ apiUser: r.text('apiUser'), apiSecret: r.text('apiSecret'), posId: r.text('posId'), enable_forumpay_payment_live_mode: r.on('enable_forumpay_payment_live_mode') }),
};

/** The stored secrets of a provider, each opened by `open` (unset ones left out). */
export function openedSecrets(provider: PaymentProvider, stored: StoredProviderSettings, open: (sealed: string) => string): string[] {
  return secretFieldsOf(provider).flatMap((f) => (stored.sealed[f.name] ? [open(stored.sealed[f.name])] : []));
}

/** The adapter's settings: the stored ones with each secret opened by `open`. */
export function unsealedProviderSettings<P extends PaymentProvider>(provider: P, stored: StoredProviderSettings, open: (sealed: string) => string): ProviderSettingsOf[P] {
  const kinds = new Map(PROVIDER_FIELDS[provider].map((f) => [f.name, f.kind]));
  const reader: SettingReader = {
    text(name) {
      if (kinds.get(name) === 'secret') return stored.sealed[name] ? open(stored.sealed[name]) : '';
      const value = stored.fields[name];
      return typeof value === 'string' ? value : '';
    },
    on: (name) => stored.fields[name] === true,
  };
  return ASSEMBLE[provider](reader);
}

/** A provider's answer with every secret value blotted out, so a tester echoing a secret never shows it. */
export function withoutSecrets(message: string, secrets: readonly string[]): string {
  return secrets.filter((s) => s.length >= 4).reduce((m, s) => m.split(s).join('••••'), message);
}
