// The default payment method on /profile/payment-method: the primary card or the crypto wallet (with its balance),
// the choice being saved shown at once.
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { SavedCardView } from '../../../domain/card/wire';
import { useAuth } from '../auth';
import { money } from '../format';
import { useMayOpen } from '../components/Guard';
import { cardName } from '../card-form/cardValidation';

export type PaymentMethodChoice = 'card' | 'crypto';

export function DefaultMethodCard({
  value,
  primary,
  busy,
  proxy,
  onChange,
}: {
  /** The choice shown: the one being saved, else the saved one ('' when there is none yet). */
  value: PaymentMethodChoice | '';
  primary: SavedCardView | null;
  busy: boolean;
  proxy: boolean;
  onChange: (next: PaymentMethodChoice) => void;
}) {
  const { me } = useAuth();
  const may = useMayOpen();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 2 }} data-testid="default-method">
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }} id="default-method-label">
        Default payment method
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Used for your purchases and membership renewals.
      </Typography>
      <RadioGroup aria-labelledby="default-method-label" value={value} onChange={(_e, v) => onChange(v as PaymentMethodChoice)}>
        <FormControlLabel
          value="card"
          disabled={busy || proxy || !primary}
          control={<Radio inputProps={{ 'data-testid': 'method-card' } as object} />}
          label={
            <Box>
              <Typography component="span">Card</Typography>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {primary ? `Your primary card, ${cardName(primary)}` : 'Add a card to pay by card'}
              </Typography>
            </Box>
          }
          sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.75 }, mb: 1 }}
        />
        <FormControlLabel
          value="crypto"
          disabled={busy || proxy}
          control={<Radio inputProps={{ 'data-testid': 'method-crypto' } as object} />}
          label={
            <Box>
              <Typography component="span">Crypto wallet</Typography>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                Balance {money(me?.wallet_amount ?? 0, me?.wallet_amount_cents)}
              </Typography>
            </Box>
          }
          sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.75 } }}
        />
      </RadioGroup>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1, minHeight: 30 }}>
        {may('/profile/wallet') && (
          <Button component={RouterLink} to="/profile/wallet" size="small" variant="text" data-testid="wallet-link">
            Add funds to your wallet
          </Button>
        )}
        {busy && <CircularProgress size={18} aria-label="Saving" />}
      </Box>
    </Paper>
  );
}
