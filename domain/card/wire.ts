// Wire shapes of saved cards, the card form and its billing place lookups, shared by the server and both apps.

/** GET /api/ccbill/get-payment-card → data[] */
export interface SavedCardView {
  _id: string;
  brand: string; // visa, mastercard, amex, ...
  last4: string;
  exp_month: string; // '01'..'12'
  exp_year: string; // '2027'
  is_primary: boolean;
  added_at: string | null;
}

/** POST /api/v2/purchase/add-new-card: the card form, plus whether the new card becomes primary (default true). */
export interface AddCardRequest extends CardForm {
  make_primary?: boolean;
}

/** POST /api/ccbill/set-primary-card and /api/ccbill/remove-card → data: the cards afterwards. */
export interface CardIdRequest {
  card_id: string;
}

/** Billing lookups from the packaged country/state/city data set (GET /api/places/*). */
export interface PlaceOption {
  code: string; // country: ISO 3166 alpha-2; state: its code within the country
  name: string;
}

/** GET /api/places/countries|states|cities?q=&page=&per_page= → data */
export interface PlacePage<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
}

/** GET /api/places/my-country (and the spec's GET /api/ccbill/get-country-from-ip) → data */
export interface MyCountry {
  country: string | null; // ISO 3166 alpha-2 from the caller's IP (packaged GeoIP data); null when unknown
  name: string | null;
}

/** Card form: billing + card. Sent to add-new-card, subscription, blog-content-purchase. */
export interface CardForm {
  email: string;
  address: string;
  country: string; // 2-letter code
  state?: string;
  city?: string;
  pincode: string;
  firstName: string;
  lastName: string;
  cardNumber: string;
  cvv: string;
  month: string;
  year: string;
}

/** Sandbox card gateway test numbers (documented in the README too). */
export const SANDBOX_TEST_CARDS = {
  approve: '4242424242424242',
  approveMastercard: '5555555555554444',
  decline: '4000000000000002',
  /** failureCode '-23': card expired / needs update → card-update flow */
  failMinus23: '4000000000000069',
  /** failureCode '-24': insufficient funds → card-update flow */
  failMinus24: '4000000000009995',
  /** error with allow_cascade true → 'Problem in card authorization ...' */
  allowCascade: '4000000000000119',
  /** failureCode '3ds_failed': the bank's 3-D Secure check did not pass */
  failSecure3d: '4000000000003220',
} as const;
