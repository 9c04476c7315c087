// Wire shapes of tips, shared by the server and both apps.

// ---- Tips --------------------------------------------------------------------------------------------------

export interface TipView {
  _id: string;
  amount: number;
  amount_cents: number;
  tipMessage: string;
  tipFrom: 'tips_page' | 'chat' | 'live';
  isAnonymous: boolean;
  /** paid, or what took it back. */
  status: 'paid' | 'refunded' | 'voided' | 'chargeback';
  created: string;
  /** null: an anonymous tip seen by another fan. */
  user: { _id: string; name: string } | null;
}

export interface TipListView {
  tips: TipView[];
  totalTips: number;
  /** Tips kept (not taken back), in cents. */
  totalAmountCents: number;
  currentPage: number;
  totalPages: number;
}
