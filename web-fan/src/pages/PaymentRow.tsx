// The fan's payment history, row by row: what was paid for, when, with what, its status when it is not a plain
// payment, and the amount (money back in green, a failed payment struck through); the list's loading rows.
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../domain/shared/money';
import { statusLabel, type PaymentHistoryRow } from '../../../domain/payment/history';
import { fullDate, relativeTime } from '../format';

/** Money going back to the fan (a negative amount). */
export const isMoneyBack = (p: PaymentHistoryRow) => p.amount_cents < 0;

function StatusChip({ payment }: { payment: PaymentHistoryRow }) {
  if (payment.status === 'captured' && !isMoneyBack(payment)) return null;
  const color = payment.status === 'failed' ? 'error' : payment.status === 'pending' ? 'info' : 'success';
  return <Chip size="small" variant="outlined" color={color} label={statusLabel(payment)} data-testid="payment-status" />;
}

export function PaymentRow({ p }: { p: PaymentHistoryRow }) {
  return (
    <ListItemButton
      component={RouterLink}
      to={`/profile/payments/${p.id}`}
      divider
      sx={{ gap: 1.5, py: 1.5, alignItems: 'center' }}
      data-testid="payment-row"
      data-type={p.type}
      aria-label={`${p.label}, ${formatMoney(p.amount_cents)}, ${fullDate(p.created_at)}: open the receipt`}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }} data-testid="payment-label">
            {p.label}
          </Typography>
          <StatusChip payment={p} />
        </Box>
        <Typography variant="body2" color="text.secondary" noWrap>
          <Tooltip title={fullDate(p.created_at)}>
            <span>{relativeTime(p.created_at)}</span>
          </Tooltip>
          {' · '}
          {p.paid_with}
        </Typography>
      </Box>
      <Typography
        sx={{ fontWeight: 700, flexShrink: 0, color: isMoneyBack(p) ? 'success.main' : p.status === 'failed' ? 'text.disabled' : 'text.primary', textDecoration: p.status === 'failed' ? 'line-through' : 'none' }}
        data-testid="payment-amount"
      >
        {formatMoney(p.amount_cents)}
      </Typography>
    </ListItemButton>
  );
}

export function PaymentsLoading() {
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, p: 2, mx: { xs: 1.5, sm: 0 } }} aria-busy="true" data-testid="payments-loading">
      {[0, 1, 2, 3].map((i) => (
        <Box key={i} sx={{ display: 'flex', justifyContent: 'space-between', py: 1.25 }}>
          <Box sx={{ width: '60%' }}>
            <Skeleton width="55%" />
            <Skeleton width="80%" />
          </Box>
          <Skeleton width={60} />
        </Box>
      ))}
    </Paper>
  );
}
