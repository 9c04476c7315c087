// The Reporting page's memberships by tier: for each tier, the subscriptions, rebills and upgrades paid into it over
// the chosen range (sales, and their net after refunds, voids and chargebacks) and its paid-up members now. Shown once
// there is a tier besides the base one; under hide_earnings the net column goes (the API sends no amounts).
import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { TierEarningsLine } from '../../../domain/reporting/wire';
import { money } from '../format';

export function TierEarnings({ tiers, hidden }: { tiers: TierEarningsLine[]; hidden: boolean }) {
  if (tiers.length < 2) return null;
  const net = tiers.reduce((n, t) => n + (t.net_cents ?? 0), 0);
  return (
    <Card variant="outlined" data-testid="reporting-tiers">
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="subtitle1">Memberships by tier</Typography>
        <Typography variant="body2" color="text.secondary">
          Subscriptions, rebills and upgrades paid into each tier in this period{hidden ? '' : `: ${money(net)} net`}; members are those paid up now.
        </Typography>
      </CardContent>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Tier</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>Sales</TableCell>
              {hidden ? null : <TableCell align="right" sx={{ fontWeight: 600 }}>Net</TableCell>}
              <TableCell align="right" sx={{ fontWeight: 600 }}>Members</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tiers.map(t => (
              <TableRow key={t.tier_id} data-testid={`reporting-tier-${t.name}`} data-cents={t.net_cents ?? ''}>
                <TableCell>{t.name}</TableCell>
                <TableCell align="right">{t.sales}</TableCell>
                {hidden ? null : <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>{money(t.net_cents)}</TableCell>}
                <TableCell align="right">{t.members}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Card>
  );
}
