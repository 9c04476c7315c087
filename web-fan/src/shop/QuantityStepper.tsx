// The quantity control of the product page and the cart: minus, the count, plus, within 1 … max.
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import RemoveRounded from '@mui/icons-material/RemoveRounded';

export function Stepper({ value, max, onChange, disabled, label }: { value: number; max: number; onChange: (n: number) => void; disabled?: boolean; label: string }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 5 }} role="group" aria-label={label}>
      <IconButton size="small" aria-label="Fewer" disabled={disabled || value <= 1} onClick={() => onChange(value - 1)} data-testid="qty-minus">
        <RemoveRounded fontSize="small" />
      </IconButton>
      <Typography component="output" sx={{ minWidth: 28, textAlign: 'center', fontWeight: 700 }} aria-live="polite" data-testid="qty-value">
        {value}
      </Typography>
      <IconButton size="small" aria-label="More" disabled={disabled || value >= max} onClick={() => onChange(value + 1)} data-testid="qty-plus">
        <AddRounded fontSize="small" />
      </IconButton>
    </Box>
  );
}
