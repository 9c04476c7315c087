// /admin/sticky-io-subscription-products: the campaign's products, offers, billing models and shipping methods as
// Sticky.io returns them (GET /admin-api/sticky-io/products), read-only, with the ones the settings use marked and a
// check of each id the settings use, so staff can see their setup is right before fans are charged.
import type { ReactNode } from 'react';
import { Alert, Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { Loading } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { StickyCatalogueView } from '../../../domain/payment-providers/provider-console';
import { ADMIN_API, httpClient } from '../dataProvider';
import { money } from '../format';
import { useLiveQuery } from '../query';
import { Empty } from '../components/Empty';
import { Panel, ToolPage, useAdminPath } from '../tools/parts';

const InUse = ({ on }: { on: boolean }) => (on ? <Chip size="small" color="primary" label="Used by the settings" data-testid="sticky-in-use" /> : null);

function Rows({ head, rows, empty }: { head: string[]; rows: { key: string; cells: ReactNode[]; inUse: boolean }[]; empty: string }) {
  if (rows.length === 0) return <Empty testId="sticky-catalogue-empty">{empty}</Empty>;
  return (
    // Its own width never widens the page: on a phone the table scrolls sideways inside its panel.
    <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
      <Table size="small">
        <TableHead><TableRow>{head.map(h => <TableCell key={h}>{h}</TableCell>)}</TableRow></TableHead>
        <TableBody>
          {rows.map(r => (
            <TableRow key={r.key} selected={r.inUse}>
              {r.cells.map((c, i) => <TableCell key={i}>{c}</TableCell>)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export default function StickyIoProductsPage() {
  const path = useAdminPath();
  const query = useLiveQuery(['providers', 'sticky-io', 'products'], async () => ((await httpClient(`${ADMIN_API}/sticky-io/products`)).json as { data: StickyCatalogueView }).data);
  const c = query.data ?? null;
  const error = query.error ? (query.error as Error).message : '';
  return (
    <ToolPage
      title="Sticky.io subscription products"
      intro="Your campaign's products, offers and billing models as Sticky.io returns them. The ones the Sticky.io settings use are marked; each id is checked. Read-only: change them in Sticky.io."
      testId="sticky-io-products-page"
      actions={<Stack direction="row" spacing={1}><Button component={RouterLink} to={path('/settings/sticky-io-setting')}>Sticky.io settings</Button><Button startIcon={<RefreshIcon />} onClick={() => void query.refetch()}>Refresh</Button></Stack>}
    >
      {error ? <Alert severity="error" data-testid="sticky-products-error">{error}</Alert> : !c ? <Loading /> : (
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Panel title={`Campaign ${c.campaign.id}: ${c.campaign.name || 'unnamed'}`} testId="sticky-checks" action={c.checks.every(x => x.ok) ? <Chip color="success" variant="outlined" icon={<CheckCircleOutlineIcon />} label="Settings match" /> : <Chip color="error" icon={<ErrorOutlineIcon />} label="Settings do not match" />}>
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.75, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
              {c.checks.map(x => (
                <Stack component="li" key={x.label} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} data-testid="sticky-check">
                  {x.ok ? <CheckCircleOutlineIcon color="success" fontSize="small" /> : <ErrorOutlineIcon color="error" fontSize="small" />}
                  <Typography variant="body2"><b>{x.label}</b> — {x.detail}</Typography>
                </Stack>
              ))}
            </Box>
          </Panel>
          <Panel title={`Offers (${c.offers.length})`} testId="sticky-offers">
            <Rows head={['Offer', 'Name', 'Products', 'Billing models', '']} empty="The campaign has no offers."
              rows={c.offers.map(o => ({
                key: o.id, inUse: o.in_use,
                cells: [o.id, o.name, o.product_ids.join(', ') || '—',
                  <Stack key="b" direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>{o.billing_models.map(b => <Chip key={b.id} size="small" color={b.in_use ? 'primary' : 'default'} variant={b.in_use ? 'filled' : 'outlined'} label={`${b.id} · ${b.name}${b.frequency ? ` (${b.frequency})` : ''}`} data-testid={b.in_use ? 'sticky-billing-model-in-use' : undefined} />)}</Stack>,
                  <InUse key="u" on={o.in_use} />],
              }))} />
          </Panel>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
            <Panel title={`Products (${c.products.length})`} testId="sticky-products">
              <Rows head={['Product', 'Name', 'Price', 'SKU', '']} empty="The campaign has no products."
                rows={c.products.map(p => ({ key: p.id, inUse: p.in_use, cells: [p.id, p.name, p.price_cents === null ? '—' : money(p.price_cents), p.sku || '—', <InUse key="u" on={p.in_use} />] }))} />
            </Panel>
            <Panel title={`Shipping (${c.shipping.length})`} testId="sticky-shipping">
              <Rows head={['Shipping', 'Name', 'Price', '']} empty="The campaign has no shipping methods."
                rows={c.shipping.map(s => ({ key: s.id, inUse: s.in_use, cells: [s.id, s.name, s.price_cents === null ? '—' : money(s.price_cents), <InUse key="u" on={s.in_use} />] }))} />
            </Panel>
          </Box>
        </Stack>
      )}
    </ToolPage>
  );
}
