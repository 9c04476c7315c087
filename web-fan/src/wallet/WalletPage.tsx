// /profile/wallet: the wallet balance, Add Funds, paying from the wallet by default, and the history
// of top-ups, purchases and refunds (paged).
import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import AddRounded from '@mui/icons-material/AddRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import type { WalletHistoryItem, WalletHistoryPage } from '../../../domain/wallet/wire';
import { usePagedList } from '../../../web-shared/paging/usePagedList';
import { formatMoney } from '../../../domain/shared/money';
import { fetchSavedCards } from '../savedCards';
import { errorMessage } from '../api';
import { useAuth, useIsProxy } from '../auth';
import { fullDate, relativeTime } from '../format';
import { useNotify } from '../notify';
import { Column, EmptyState, ErrorState } from '../components/StatusViews';
import { CRYPTO_CURRENCY, walletApi } from './walletApi';
import { useInvalidateOn } from '../realtime';

const AddFundsDialog = lazy(() => import('./AddFundsDialog'));

const WALLET_HISTORY_KEY = ['wallet', 'history'] as const;
const BALANCE_NEWS = ['UPDATE_USER_AMOUNT'] as const;

const KIND_LABEL: Record<WalletHistoryItem['kind'], string> = { top_up: 'Top-up', purchase: 'Purchase', refund: 'Refund' };

export default function WalletPage() {
  const { me, settings, refresh } = useAuth();
  const proxy = useIsProxy();
  const notify = useNotify();
  const [addOpen, setAddOpen] = useState(false);
  const [addMounted, setAddMounted] = useState(false);
  const [switching, setSwitching] = useState(false);

  const history = usePagedList({
    key: WALLET_HISTORY_KEY,
    load: async (p: number) => (await walletApi.history(p)).data,
    items: (d: WalletHistoryPage) => d.rows,
    nextPage: (last: WalletHistoryPage) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
    idOf: (r: WalletHistoryItem) => r._id,
  });
  const rows = history.first ? history.items : null;
  const error = history.error ? errorMessage(history.error) : null;
  const loadingMore = history.loadingMore;
  // The balance moved (a top-up confirmed, a purchase, a refund): the history is stale, and the cache reads the
  // pages the fan has loaded again (the new row is on top).
  useInvalidateOn(BALANCE_NEWS, WALLET_HISTORY_KEY);

  const byWallet = me?.default_payment_method === CRYPTO_CURRENCY;
  const toggleDefault = async (on: boolean) => {
    setSwitching(true);
    try {
      let method = CRYPTO_CURRENCY;
      if (!on) {
        const data = await fetchSavedCards();
        const primary = data.find((c) => c.is_primary) ?? data[0];
        if (!primary) {
          notify('Add a card first to pay by card.', 'info');
          return;
        }
        method = primary._id;
      }
      const { message, position } = await walletApi.setDefaultMethod(method);
      await refresh(position);
      notify(message || 'Payment method updated successfully.', 'success');
    } catch (err) {
      notify(errorMessage(err, 'There was problem while update payment method.'), 'error');
    } finally {
      setSwitching(false);
    }
  };

  if (!me) return null;
  const cryptoOn = settings?.is_crypto_payment_enabled !== false;

  return (
    <Column width={640}>
      <Box data-testid="wallet-page" sx={{ mx: { xs: 1.5, sm: 0 } }}>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Box sx={{ width: 52, height: 52, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'primary.contrastText', flexShrink: 0 }} aria-hidden>
              <AccountBalanceWalletRounded />
            </Box>
            <Box sx={{ flex: 1, minWidth: 140 }}>
              <Typography component="h1" variant="body2" color="text.secondary">
                Wallet balance
              </Typography>
              <Typography variant="h4" sx={{ fontWeight: 700, lineHeight: 1.2 }} data-testid="wallet-balance">
                {formatMoney(me.wallet_amount_cents)}
              </Typography>
            </Box>
            {cryptoOn && (
              <Tooltip title={proxy ? 'Not available while viewing as a fan' : ''}>
                <span>
                  <Button
                    variant="contained"
                    startIcon={<AddRounded />}
                    onClick={() => {
                      setAddMounted(true);
                      setAddOpen(true);
                    }}
                    disabled={proxy}
                    data-testid="wallet-add-funds"
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    Add Funds
                  </Button>
                </span>
              </Tooltip>
            )}
          </Box>
          <Divider sx={{ my: 2 }} />
          <FormControlLabel
            control={<Switch checked={byWallet} onChange={(_e, on) => void toggleDefault(on)} disabled={switching || proxy} slotProps={{ input: { 'aria-describedby': 'wallet-default-help' } }} data-testid="wallet-default-switch" />}
            label="Pay for content from my wallet"
          />
          <Typography id="wallet-default-help" variant="body2" color="text.secondary">
            {byWallet ? 'Unlocks are paid from your wallet balance.' : 'Unlocks are paid with your card.'} Funds are added with cryptocurrency; all orders are final.
          </Typography>
          {switching && <CircularProgress size={16} sx={{ mt: 1 }} aria-label="Saving" />}
        </Paper>

        <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1.5, mx: { xs: 0.5, sm: 0 } }}>
          History
        </Typography>
        {error && !rows ? (
          <ErrorState message={error} onRetry={history.retry} />
        ) : rows === null ? (
          <Paper variant="outlined" sx={{ borderRadius: 3, p: 2 }} aria-busy="true" data-testid="wallet-history-loading">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </Paper>
        ) : rows.length === 0 ? (
          // EmptyState brings its own phone margin; this column has one already.
          <Box sx={{ mx: { xs: -1.5, sm: 0 } }}>
            <EmptyState title="No wallet transactions yet" icon={<ReceiptLongRounded />}>
              Add funds to pay for content from your wallet.
            </EmptyState>
          </Box>
        ) : (
          <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
            <List disablePadding aria-label="Wallet history" data-testid="wallet-history">
              {rows.map((r, i) => (
                <ListItem key={r._id} divider={i < rows.length - 1} sx={{ gap: 1.5, py: 1.5 }} data-testid="wallet-history-row">
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <Typography sx={{ fontWeight: 600 }} noWrap>
                        {r.description}
                      </Typography>
                      <Chip size="small" label={KIND_LABEL[r.kind]} variant="outlined" />
                    </Box>
                    <Tooltip title={fullDate(r.created_at)}>
                      <Typography variant="body2" color="text.secondary" component="span">
                        {relativeTime(r.created_at)}
                      </Typography>
                    </Tooltip>
                  </Box>
                  <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
                    <Typography sx={{ fontWeight: 700, color: r.amount_cents >= 0 ? 'success.main' : 'text.primary' }}>
                      {r.amount_cents >= 0 ? '+' : '−'}
                      {formatMoney(Math.abs(r.amount_cents))}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      Balance {formatMoney(r.balance_cents)}
                    </Typography>
                  </Box>
                </ListItem>
              ))}
            </List>
            {history.hasMore && (
              <Box sx={{ p: 1.5, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
                <Button onClick={history.loadMore} disabled={loadingMore} data-testid="wallet-history-more">
                  {loadingMore ? 'Loading…' : 'Load more'}
                </Button>
              </Box>
            )}
            {error && (
              <Typography color="error" variant="body2" sx={{ p: 1.5 }} role="alert">
                {error}
              </Typography>
            )}
          </Paper>
        )}
      </Box>
      {addMounted && (
        <Suspense fallback={null}>
          <AddFundsDialog
            open={addOpen}
            onClose={() => setAddOpen(false)}
            onCompleted={(r) => {
              if (r.confirmed) history.retry();
            }}
          />
        </Suspense>
      )}
    </Column>
  );
}
