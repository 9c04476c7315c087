// The console's CSV exports of transactions, subscribers and the Contact inbox (api/csv.ts writes them): amounts
// in dollars, as spreadsheets read them.
import type { SubscriberListRow, TransactionListRow } from '../../projections/console-lists';
import type { ContactMessageRow } from '../../projections/contact-messages';
import { centsToDecimal, fieldColumns, type CsvColumn } from '../csv';

/** The transactions export (GET /admin-api/transactions/export): amounts in dollars, as spreadsheets read them. */
export const TRANSACTION_EXPORT_COLUMNS: CsvColumn<TransactionListRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'date', value: (r) => r.created_at },
  { header: 'user_email', value: (r) => r.user_email },
  { header: 'type', value: (r) => r.type },
  { header: 'amount', value: (r) => centsToDecimal(r.amount_cents) },
  { header: 'currency', value: (r) => r.currency },
  { header: 'method', value: (r) => r.method },
  { header: 'card', value: (r) => r.card },
  { header: 'status', value: (r) => r.status },
  { header: 'failure_code', value: (r) => r.failure_code },
  { header: 'reference_id', value: (r) => r.reference_id },
  { header: 'gateway_transaction_id', value: (r) => r.gateway_transaction_id },
];

/** The subscribers export (GET /admin-api/subscribers/export). */
export const SUBSCRIBER_EXPORT_COLUMNS: CsvColumn<SubscriberListRow>[] = [
  { header: 'name', value: (r) => r.name },
  { header: 'email', value: (r) => r.email },
  { header: 'status', value: (r) => r.status },
  { header: 'price', value: (r) => centsToDecimal(r.price_cents) },
  { header: 'recurring_price', value: (r) => centsToDecimal(r.recurring_price_cents) },
  { header: 'payment_method', value: (r) => r.payment_method },
  { header: 'started_at', value: (r) => r.started_at },
  { header: 'expires_at', value: (r) => r.expires_at },
  { header: 'next_billing_at', value: (r) => r.next_billing_at },
  { header: 'cancelled_at', value: (r) => r.cancelled_at },
  { header: 'cancel_reason', value: (r) => r.cancel_reason },
  { header: 'rebill_failed_at', value: (r) => r.rebill_failed_at },
];

/** The Contact inbox export (GET /admin-api/contact-messages/export): the messages' own fields. */
export const CONTACT_EXPORT_COLUMNS = fieldColumns<ContactMessageRow>(['id', 'received_at', 'kind', 'status', 'name', 'email', 'subject', 'message']);
