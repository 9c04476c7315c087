// The digital items the fan bought in the shop, on their purchases page: picture, title, what was paid, the way
// to the order, and "Download" with the downloads left (the buyer's own page only).
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../domain/shared/money';
import type { PurchasedDigitalItem } from '../../../domain/purchased-contents/wire';
import { shortDate } from '../format';
import { ProductImage } from '../shop/ShopParts';
import { DownloadButton } from '../shop/OrderDownload';

export function DigitalPurchases({ items, prices, own }: { items: PurchasedDigitalItem[]; prices: boolean; own: boolean }) {
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, mx: { xs: 1.5, sm: 0 }, mb: 2, overflow: 'hidden' }} data-testid="purchased-digital">
      <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 700 }}>
        Digital items
      </Typography>
      <Divider />
      {items.map((item, i) => (
        <Box key={`${item.order_id}-${item.line_no}`}>
          {i > 0 && <Divider />}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '64px minmax(0, 1fr)', sm: '76px minmax(0, 1fr) auto' }, gap: 1.5, p: 2, alignItems: 'start' }} data-testid="purchased-digital-item">
            <Box sx={{ borderRadius: 2, overflow: 'hidden' }}>
              <ProductImage kind="digital" title={item.title} src={item.thumbnail_url} size={28} />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[item.variant_name !== 'Standard' ? item.variant_name : null, shortDate(item.purchased_at)].filter(Boolean).join(' · ')} ·{' '}
                <Link component={RouterLink} to={`/shop/order-history/${item.order_id}`}>
                  Order
                </Link>
              </Typography>
              {own && <DownloadButton orderId={item.order_id} lineNo={item.line_no} download={item.download} title={item.title} />}
            </Box>
            {prices && (
              <Typography sx={{ fontWeight: 700, gridColumn: { xs: '2', sm: 'auto' } }}>{formatMoney(item.amount_cents)}</Typography>
            )}
          </Box>
        </Box>
      ))}
    </Paper>
  );
}
