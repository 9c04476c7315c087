// The plan picker on /subscribe, shown when the creator offers tiers or bundles: a card per tier (name, monthly
// price, benefits) and the length (1 month, or a bundle of 3, 6 or 12 months with "Save N %"). The prices are the
// quote's, for this fan; the page reads the quote again for the choice.
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import type { SubscriptionQuoteView, TierOfferView } from '../../../domain/subscription/wire';
import { formatMoney } from '../../../domain/shared/money';

/** Tiers or bundles to choose from: more than the base tier, or any bundle. */
export const hasPlanChoice = (tiers: TierOfferView[]): boolean => tiers.length > 1 || tiers.some((t) => t.bundles.length > 0);

export function PlanPicker({
  tiers,
  tierId,
  bundleMonths,
  onChange,
  disabled,
}: {
  tiers: SubscriptionQuoteView['tiers'];
  tierId: string;
  bundleMonths: number | null;
  onChange: (choice: { tierId: string; bundleMonths: number | null }) => void;
  disabled?: boolean;
}) {
  const tier = tiers.find((t) => t.tier_id === tierId) ?? tiers[0];
  const bundles = tier?.bundles ?? [];
  return (
    <Box data-testid="plan-picker" sx={{ mb: 2 }}>
      {tiers.length > 1 && (
        <Box role="radiogroup" aria-label="Tier" sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {tiers.map((t) => {
            const selected = t.tier_id === tier?.tier_id;
            return (
              <ButtonBase
                key={t.tier_id}
                role="radio"
                aria-checked={selected}
                disabled={disabled}
                onClick={() => onChange({ tierId: t.tier_id, bundleMonths: bundleMonths && t.bundles.some((b) => b.months === bundleMonths) ? bundleMonths : null })}
                data-testid={`tier-card-${t.name}`}
                sx={{
                  display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start', textAlign: 'left', p: 1.5, borderRadius: 2, border: 2, borderColor: selected ? 'primary.main' : 'divider',
                  bgcolor: selected ? 'action.selected' : 'transparent', width: '100%',
                }}
              >
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{t.name}</Typography>
                  <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {formatMoney(t.monthly_cents)} / month
                  </Typography>
                </Box>
                {t.description && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                    {t.description}
                  </Typography>
                )}
                {t.benefits.length > 0 && (
                  <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 0.5 }}>
                    {t.benefits.map((b) => (
                      <Box component="li" key={b} sx={{ display: 'flex', gap: 0.75, alignItems: 'center' }}>
                        <CheckCircleRounded color="primary" sx={{ fontSize: 16 }} aria-hidden />
                        <Typography variant="body2">{b}</Typography>
                      </Box>
                    ))}
                  </Box>
                )}
              </ButtonBase>
            );
          })}
        </Box>
      )}
      {bundles.length > 0 && (
        <Box sx={{ mt: tiers.length > 1 ? 2 : 0 }}>
          <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
            Length
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            value={bundleMonths ?? 1}
            disabled={disabled}
            onChange={(_e, v: number | null) => v !== null && onChange({ tierId: tier!.tier_id, bundleMonths: v === 1 ? null : v })}
            aria-label="Length"
            sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
          >
            <ToggleButton value={1} data-testid="length-1" sx={{ flexDirection: 'column', textTransform: 'none', flex: { xs: '1 1 45%', sm: 1 } }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>1 month</Typography>
              <Typography variant="caption">{formatMoney(tier!.monthly_cents)}</Typography>
            </ToggleButton>
            {bundles.map((b) => (
              <ToggleButton key={b.months} value={b.months} data-testid={`length-${b.months}`} sx={{ flexDirection: 'column', textTransform: 'none', flex: { xs: '1 1 45%', sm: 1 } }}>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>{b.months} months</Typography>
                <Typography variant="caption">{formatMoney(b.price_cents)}</Typography>
                <Chip size="small" color="secondary" label={`Save ${b.discount_percent} %`} sx={{ mt: 0.5, height: 20, fontSize: 11 }} />
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {bundleMonths && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.75 }}>
              {formatMoney(bundles.find((b) => b.months === bundleMonths)?.monthly_cents ?? 0)} a month, paid up front. Coupons do not apply to a bundle.
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
