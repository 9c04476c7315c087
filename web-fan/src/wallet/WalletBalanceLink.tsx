// The navbar's wallet balance link in the page shell: fans only, to /profile/wallet.
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import { formatMoney } from '../../../domain/shared/money';
import { useAuth } from '../auth';
import { useMayOpen } from '../components/Guard';

export function WalletBalanceLink() {
  const { me, settings } = useAuth();
  const may = useMayOpen();
  if (!me || !may('/profile/wallet')) return null;
  if (settings?.is_crypto_payment_enabled === false && !me.wallet_amount_cents) return null;
  const balance = formatMoney(me.wallet_amount_cents ?? 0);
  return (
    <Button
      component={RouterLink}
      to="/profile/wallet"
      color="inherit"
      size="small"
      startIcon={<AccountBalanceWalletRounded fontSize="small" />}
      aria-label={`Wallet balance ${balance}`}
      data-testid="nav-wallet-balance"
      sx={{ borderRadius: 5, px: 1.25, minWidth: 0, whiteSpace: 'nowrap', fontWeight: 700, border: 1, borderColor: 'divider', '& .MuiButton-startIcon': { mr: 0.5 } }}
    >
      {balance}
    </Button>
  );
}
