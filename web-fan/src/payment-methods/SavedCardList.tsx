// The fan's saved cards on /profile/payment-method: brand, name and last 4, expiry (expired in red), the primary
// chip, Make primary and Remove; the list's loading rows and the removal's confirmation.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import type { SavedCardView } from '../../../domain/card/wire';
import type { PaymentIconBrand } from '../../../domain/settings/landing';
import { PaymentIcons } from '../components/PaymentIcons';
import { CARD_TYPE_LABELS, cardName } from '../card-form/cardValidation';

const BRANDS = new Set(Object.keys(CARD_TYPE_LABELS));

/** A card is usable through the last day of its expiry month. */
export function isExpired(c: Pick<SavedCardView, 'exp_month' | 'exp_year'>, now = new Date()): boolean {
  const y = Number(c.exp_year);
  const m = Number(c.exp_month);
  return y < now.getFullYear() || (y === now.getFullYear() && m < now.getMonth() + 1);
}

function BrandBadge({ brand }: { brand: string }) {
  if (BRANDS.has(brand)) {
    return (
      <Box aria-hidden sx={{ flexShrink: 0 }}>
        <PaymentIcons brands={[brand as PaymentIconBrand]} justify="flex-start" testId="card-brand-icon" />
      </Box>
    );
  }
  return <CreditCardRounded aria-hidden sx={{ width: 38, height: 24, color: 'text.secondary', flexShrink: 0 }} />;
}

export function SavedCardsLoading() {
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, px: { xs: 2, sm: 3 }, py: 1 }} aria-busy="true" data-testid="cards-loading">
      {[0, 1].map((i) => (
        <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5 }}>
          <Skeleton variant="rounded" width={38} height={24} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="45%" />
            <Skeleton width="25%" />
          </Box>
        </Box>
      ))}
    </Paper>
  );
}

export function SavedCardList({
  cards,
  busyCard,
  proxy,
  onMakePrimary,
  onRemove,
}: {
  cards: SavedCardView[];
  /** The card an action is under way for: every action waits for it. */
  busyCard: string | null;
  proxy: boolean;
  onMakePrimary: (card: SavedCardView) => void;
  onRemove: (card: SavedCardView) => void;
}) {
  return (
    <Paper variant="outlined" component="ul" sx={{ borderRadius: 3, overflow: 'hidden', listStyle: 'none', m: 0, p: 0 }} data-testid="saved-cards">
      {cards.map((c, index) => {
        const expired = isExpired(c);
        const busy = busyCard === c._id;
        return (
          <Box
            component="li"
            key={c._id}
            data-testid="saved-card"
            data-card-id={c._id}
            data-primary={c.is_primary ? 'true' : 'false'}
            sx={{
              display: 'grid',
              // Phones: the action goes under the card's name; wider screens: one row.
              gridTemplateColumns: { xs: '38px minmax(0, 1fr) auto', sm: '38px minmax(0, 1fr) auto auto' },
              gridTemplateAreas: { xs: '"badge info remove" ". action action"', sm: '"badge info action remove"' },
              alignItems: 'center',
              columnGap: { xs: 1.5, sm: 2 },
              px: { xs: 2, sm: 3 },
              py: 1.5,
              borderTop: index === 0 ? 0 : 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ gridArea: 'badge', display: 'flex' }}>
              <BrandBadge brand={c.brand} />
            </Box>
            <Box sx={{ gridArea: 'info', minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="card-name">
                  {cardName(c)}
                </Typography>
                {c.is_primary && <Chip label="Primary" size="small" color="primary" data-testid="primary-chip" />}
              </Box>
              <Typography variant="body2" color={expired ? 'error' : 'text.secondary'} data-testid="card-expiry">
                {expired ? 'Expired' : 'Expires'} {c.exp_month}/{c.exp_year}
              </Typography>
            </Box>
            {!proxy && !c.is_primary && (
              <Box sx={{ gridArea: 'action', justifySelf: 'start', mt: { xs: 1, sm: 0 } }}>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => onMakePrimary(c)}
                  disabled={!!busyCard}
                  data-testid="make-primary"
                  startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  Make primary
                </Button>
              </Box>
            )}
            {!proxy && (
              <Box sx={{ gridArea: 'remove' }}>
                <Tooltip title="Remove card">
                  <span>
                    <IconButton aria-label={`Remove ${cardName(c)}`} onClick={() => onRemove(c)} disabled={!!busyCard} data-testid="remove-card" edge="end">
                      <DeleteOutlineRounded />
                    </IconButton>
                  </span>
                </Tooltip>
              </Box>
            )}
          </Box>
        );
      })}
    </Paper>
  );
}

/** Asks before removing a card; a primary one says which card takes its place. */
export function RemoveCardDialog({
  card,
  cardCount,
  busy,
  onCancel,
  onConfirm,
}: {
  card: SavedCardView | null;
  cardCount: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={!!card}
      onClose={() => !busy && onCancel()}
      aria-labelledby="remove-card-title"
      aria-describedby="remove-card-text"
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { 'data-testid': 'remove-card-dialog' } as object }}
    >
      <DialogTitle id="remove-card-title">Remove card?</DialogTitle>
      <DialogContent>
        <DialogContentText id="remove-card-text">
          {card && `${cardName(card)} will be removed from your account.`}
          {card?.is_primary && cardCount > 1 && ' Your most recently added other card becomes your primary card.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={onConfirm}
          disabled={busy}
          data-testid="confirm-remove-card"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
