// An order's lines in the console: a table on wider screens, one stacked card per line on a phone (no sideways
// scrolling). Each line can be chosen for a refund while the order is paid and the line is not refunded in full.
import { Box, Checkbox, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { money } from './paths';

export interface OrderLine { line_no: number; title: string; variant_name: string; sku: string; unit_price_cents: number; quantity: number; refunded_quantity: number; kind: string }

interface Props { lines: OrderLine[]; refundable: boolean; chosen: number[]; onToggle: (lineNo: number) => void }

const itemName = (l: OrderLine) => `${l.title}${l.variant_name ? ` — ${l.variant_name}` : ''}`;
const refunded = (l: OrderLine) => (l.refunded_quantity ? `${l.refunded_quantity} refunded` : '');

function Choose({ l, refundable, chosen, onToggle }: { l: OrderLine } & Omit<Props, 'lines'>) {
  return <Checkbox size="small" disabled={!refundable || l.refunded_quantity >= l.quantity} checked={chosen.includes(l.line_no)} onChange={() => onToggle(l.line_no)} inputProps={{ 'aria-label': `Refund line ${l.line_no}` }} />;
}

export function OrderLineList({ lines, ...choose }: Props) {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (small) {
    return (
      <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} data-testid="shop-order-lines">
        {lines.map((l) => (
          <Stack key={l.line_no} direction="row" alignItems="flex-start" gap={0.5} sx={{ py: 1 }} data-testid={`shop-order-line-${l.line_no}`}>
            <Choose l={l} {...choose} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{itemName(l)}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[l.sku && `SKU ${l.sku}`, `Qty ${l.quantity}`, l.kind === 'digital' ? 'Digital' : null].filter(Boolean).join(' · ')}
              </Typography>
              {refunded(l) && <Typography variant="body2" color="error">{refunded(l)}</Typography>}
            </Box>
            <Typography sx={{ whiteSpace: 'nowrap' }}>{money(l.unit_price_cents * l.quantity)}</Typography>
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Table size="small" data-testid="shop-order-lines">
      <TableHead><TableRow><TableCell padding="checkbox" /><TableCell>Item</TableCell><TableCell>SKU</TableCell><TableCell align="right">Qty</TableCell><TableCell align="right">Price</TableCell><TableCell>Refunded</TableCell></TableRow></TableHead>
      <TableBody>
        {lines.map((l) => (
          <TableRow key={l.line_no} data-testid={`shop-order-line-${l.line_no}`}>
            <TableCell padding="checkbox"><Choose l={l} {...choose} /></TableCell>
            <TableCell>{itemName(l)}</TableCell>
            <TableCell>{l.sku}</TableCell>
            <TableCell align="right">{l.quantity}</TableCell>
            <TableCell align="right">{money(l.unit_price_cents * l.quantity)}</TableCell>
            <TableCell>{refunded(l)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
