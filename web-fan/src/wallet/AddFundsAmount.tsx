// Add Funds' first step: preset amounts (only those above what is missing, which is pre-filled rounded up to whole
// dollars) plus an Other amount field.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import CurrencyBitcoinRounded from '@mui/icons-material/CurrencyBitcoinRounded';
import { formatMoney } from '../../../domain/shared/money';
import type { AddFunds } from './useAddFunds';

export function AddFundsAmount({ f, shortfallCents, onCancel }: { f: AddFunds; shortfallCents: number; onCancel: () => void }) {
  const { options, walletSettings, other, picked, amountError } = f;
  return (
    <Box component="form" onSubmit={f.submitAmount} noValidate sx={{ display: 'contents' }}>
      <DialogContent sx={{ pt: 0 }}>
        {shortfallCents > 0 && options.suggestedCents && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="add-funds-shortfall">
            Your wallet is {formatMoney(shortfallCents)} short. Add {formatMoney(options.suggestedCents)} or more; what is left stays in your wallet.
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Choose an amount
        </Typography>
        <ToggleButtonGroup
          exclusive
          value={other.trim() ? null : picked}
          onChange={(_e, v: number | null) => {
            if (v === null) return;
            f.setPicked(v);
            f.setOther('');
            f.setAmountError(null);
          }}
          aria-label="Preset amounts"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))', gap: 1, '& .MuiToggleButtonGroup-grouped': { border: 1, borderColor: 'divider', borderRadius: '8px !important', m: 0 } }}
        >
          {f.choices.map((c) => (
            <ToggleButton key={c} value={c} data-testid={`add-funds-preset-${c}`} sx={{ fontWeight: 700, py: 1.25 }}>
              {formatMoney(c)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          label="Other amount"
          value={other}
          onChange={(e) => {
            f.setOther(e.target.value);
            f.setAmountError(null);
          }}
          inputMode="decimal"
          fullWidth
          margin="normal"
          error={!!amountError}
          helperText={amountError ?? `Between $${walletSettings.add_fund_minimum_amount} and $${walletSettings.add_fund_maximum_amount}`}
          slotProps={{ htmlInput: { 'data-testid': 'add-funds-other', 'aria-describedby': 'add-funds-other-help' }, formHelperText: { id: 'add-funds-other-help', role: amountError ? 'alert' : undefined } as object }}
        />
        {f.cryptoOn && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 1 }}>
              Pay with
            </Typography>
            <ToggleButtonGroup
              exclusive
              fullWidth
              size="small"
              value={f.method}
              onChange={(_e, v: typeof f.method | null) => v && f.setMethod(v)}
              aria-label="Pay with"
              sx={{ mb: 1 }}
            >
              <ToggleButton value="card" data-testid="add-funds-method-card" sx={{ fontWeight: 700 }}>
                <CreditCardRounded fontSize="small" sx={{ mr: 1 }} aria-hidden /> Card
              </ToggleButton>
              <ToggleButton value="crypto" data-testid="add-funds-method-crypto" sx={{ fontWeight: 700 }}>
                <CurrencyBitcoinRounded fontSize="small" sx={{ mr: 1 }} aria-hidden /> Crypto
              </ToggleButton>
            </ToggleButtonGroup>
          </>
        )}
        <Typography variant="caption" color="text.secondary" component="p">
          {f.method === 'card' || !f.cryptoOn ? 'Charged to your card now. Top-ups are final.' : 'Paid in cryptocurrency. All orders are final.'}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" data-testid="add-funds-continue">
          Continue
        </Button>
      </DialogActions>
    </Box>
  );
}
