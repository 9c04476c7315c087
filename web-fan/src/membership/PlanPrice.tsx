// The membership's price on /subscribe: the list price struck through when this fan pays less, the price itself
// ("$1.99 for 7 days, then $7.99 / month"), a subscription link's offer or the returning-member price, and a running
// promotion's ribbon with its countdown.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import TimerRounded from '@mui/icons-material/TimerRounded';
import type { SubscriptionQuoteView } from '../../../domain/subscription/wire';
import { formatMoney } from '../../../domain/shared/money';
import { countdownText, useCountdown } from './useMembership';

/** "$9.99 / month", "$1.99 for 7 days, then $7.99 / month", "$4.99 today, then $9.99 / month", "$59.98 every 3 months". */
export function priceLine(q: { initial_cents: number; recurring_cents: number; initial_period_days: number; bundle_months?: number | null }): string {
  if (q.bundle_months) return `${formatMoney(q.recurring_cents)} every ${q.bundle_months} months`;
  const recurring = `${formatMoney(q.recurring_cents)} / month`;
  if (q.initial_period_days !== 30) {
    const first = q.initial_cents === 0 ? 'Free' : formatMoney(q.initial_cents);
    return `${first} for ${q.initial_period_days} ${q.initial_period_days === 1 ? 'day' : 'days'}, then ${recurring}`;
  }
  if (q.initial_cents === q.recurring_cents) return recurring;
  return `${q.initial_cents === 0 ? 'Free' : formatMoney(q.initial_cents)} today, then ${recurring}`;
}

function PromotionCountdown({ quote }: { quote: SubscriptionQuoteView }) {
  const left = useCountdown(quote.promotion?.ends_at, quote.server_time);
  if (!quote.promotion || left <= 0) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1.5, flexWrap: 'wrap' }} data-testid="promotion-countdown">
      <Chip color="secondary" size="small" icon={<TimerRounded />} label={quote.promotion.ribbon_text} sx={{ maxWidth: '100%', fontWeight: 600 }} />
      <Typography variant="body2" color="text.secondary" aria-live="off">
        Ends in <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.primary', fontWeight: 600 }}>{countdownText(left)}</Box>
      </Typography>
    </Box>
  );
}

export function PlanPrice({ quote, modelName }: { quote: SubscriptionQuoteView; modelName: string }) {
  const discounted = quote.initial_cents !== quote.list_initial_cents || quote.recurring_cents !== quote.list_recurring_cents;
  return (
    <Box data-testid="plan-price-box">
      {discounted && (
        <Typography variant="body2" color="text.secondary" sx={{ textDecoration: 'line-through' }} data-testid="plan-list-price">
          {quote.bundle_months ? `${formatMoney(quote.list_initial_cents)} at the monthly price` : priceLine({ initial_cents: quote.list_initial_cents, recurring_cents: quote.list_recurring_cents, initial_period_days: 30 })}
        </Typography>
      )}
      <Typography variant="h6" component="p" sx={{ fontWeight: 700 }} data-testid="plan-price">
        {priceLine(quote)}
      </Typography>
      {quote.bundle_months && (
        <Typography variant="body2" color="text.secondary" data-testid="plan-bundle-note">
          Paid once for {quote.bundle_months} months; renews at the same price unless you cancel.
        </Typography>
      )}
      {quote.source === 'link' && (
        <Typography variant="body2" color="secondary" sx={{ fontWeight: 600 }} data-testid="plan-link-offer">
          Special offer from {modelName}
        </Typography>
      )}
      {quote.source === 'returning' && (
        <Typography variant="body2" color="text.secondary">
          Welcome back: returning-member price.
        </Typography>
      )}
      <PromotionCountdown quote={quote} />
    </Box>
  );
}
