// Earnings per tier on the Tiers page: a stacked bar per tier (new subscriptions, renewals, upgrades into it, as
// charged) and a table with the counts and the members on each tier now.
import { Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import type { AdminTierRecord } from '../../../domain/membership-plan/wire';
import { money } from '../format';
import { StackedBars, type StackSeries } from '../reports/StackedBars';

const SERIES: StackSeries[] = [
  { key: 'subscriptions', label: 'New subscriptions', color: '#1e88e5' },
  { key: 'renewals', label: 'Renewals', color: '#43a047' },
  { key: 'upgrades', label: 'Upgrades', color: '#fb8c00' },
];

const total = (e: NonNullable<AdminTierRecord['earnings']>) => e.subscriptions_cents + e.renewals_cents + e.upgrades_cents;

export function TierEarnings() {
  const { data, isPending } = useGetList<AdminTierRecord>('membership-tiers', { pagination: { page: 1, perPage: 50 }, sort: { field: 'rank', order: 'ASC' } });
  const tiers = (data ?? []).filter(t => t.earnings);
  const values = Object.fromEntries(
    tiers.map(t => [t.id, { subscriptions: t.earnings!.subscriptions_cents, renewals: t.earnings!.renewals_cents, upgrades: t.earnings!.upgrades_cents }])
  );
  const names = new Map(tiers.map(t => [t.id, t.name]));
  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="tier-earnings">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Earnings per tier
        </Typography>
        {isPending ? (
          <Typography color="text.secondary">Loading…</Typography>
        ) : tiers.every(t => total(t.earnings!) === 0) ? (
          <Typography color="text.secondary" data-testid="tier-earnings-empty">
            No membership payments yet.
          </Typography>
        ) : (
          <>
            <StackedBars periods={tiers.map(t => t.id)} series={SERIES} values={values} label="Earnings per tier" periodLabel={id => names.get(id) ?? id} />
            <Table size="small" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
              <TableHead>
                <TableRow>
                  <TableCell>Tier</TableCell>
                  <TableCell align="right">Members</TableCell>
                  <TableCell align="right">New</TableCell>
                  <TableCell align="right">Renewals</TableCell>
                  <TableCell align="right">Upgrades</TableCell>
                  <TableCell align="right">Earned</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {tiers.map(t => (
                  <TableRow key={t.id} data-testid={`tier-earnings-${t.name}`}>
                    <TableCell>{t.name}</TableCell>
                    <TableCell align="right">{t.subscribers}</TableCell>
                    <TableCell align="right">{t.earnings!.subscriptions}</TableCell>
                    <TableCell align="right">{t.earnings!.renewals}</TableCell>
                    <TableCell align="right">{t.earnings!.upgrades}</TableCell>
                    <TableCell align="right">{money(total(t.earnings!))}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </CardContent>
    </Card>
  );
}
