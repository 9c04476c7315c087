import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext } from 'react-admin';

type Tone = NonNullable<ChipProps['color']>;

/** Colour for every status-like value the console shows. */
const TONES: Record<string, Tone> = {
  // post visibility
  locked: 'warning',
  private: 'info',
  public: 'success',
  // post status
  published: 'success',
  processing: 'info',
  scheduled: 'secondary',
  error: 'error',
  // subscriptions
  active: 'success',
  cancelled: 'warning',
  expired: 'default',
  // transactions
  captured: 'success',
  failed: 'error',
  subscription: 'primary',
  rebill: 'primary',
  unlock: 'secondary',
  tip: 'secondary',
  chat_unlock: 'secondary',
  wallet_topup: 'info',
  second_sale: 'error',
  second_sale_refund: 'warning',
  refund: 'warning',
  void: 'default',
  chargeback: 'error',
  // outbox mail
  queued: 'info',
  sent: 'success',
};

export const humanize = (value: string) =>
  value.replace(/_/g, ' ').replace(/^\w/, c => c.toUpperCase());

export function StatusChip({ value, label }: { value: string | null | undefined; label?: string }) {
  if (!value) return null;
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      color={TONES[value] ?? 'default'}
      label={label ?? humanize(value)}
      data-value={value}
    />
  );
}

/** Reads `source` from the record in context. */
export function ChipField({ source, labels }: { source: string; labels?: Record<string, string>; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const value = record?.[source];
  if (value == null || value === '') return null;
  const str = String(value);
  return <StatusChip value={str} label={labels?.[str]} />;
}
