// Pieces every shop page uses: the product picture, the price (a sale price with the list price struck through),
// the page heading with the way back, the column the pages sit in, and the totals block.
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CloudDownloadRounded from '@mui/icons-material/CloudDownloadRounded';
import StorefrontRounded from '@mui/icons-material/StorefrontRounded';
import { formatMoney } from '../../../domain/shared/money';
import type { ProductKind } from './shopApi';

/** The shop's pages: wider than the feed's column for the grid, full width on phones. */
export function ShopColumn({ children, width = 1100 }: { children: ReactNode; width?: number }) {
  return <Box sx={{ width: '100%', maxWidth: width, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 3 }, minWidth: 0 }}>{children}</Box>;
}

export function ShopHeading({ title, back, action, testId }: { title: string; back?: string; action?: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: { xs: 2, sm: 3 }, minWidth: 0 }}>
      {back && (
        <IconButton component={RouterLink} to={back} aria-label="Back" edge="start">
          <ArrowBackRounded />
        </IconButton>
      )}
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
        {title}
      </Typography>
      {action}
    </Box>
  );
}

/**
 * The product's picture (a signed link), cropped to the frame; a product without one shows its kind's artwork in the
 * theme's colours.
 */
export function ProductImage({ kind, title, src, ratio = '1 / 1', size = 56 }: { kind: ProductKind; title: string; src?: string | null; ratio?: string; size?: number }) {
  if (src) {
    return (
      <Box
        component="img"
        src={src}
        alt={title}
        loading="lazy"
        sx={{ aspectRatio: ratio, width: '100%', display: 'block', objectFit: 'cover', bgcolor: 'action.hover' }}
        data-testid="product-picture"
      />
    );
  }
  return (
    <Box
      role="img"
      aria-label={title}
      sx={{
        aspectRatio: ratio,
        width: '100%',
        display: 'grid',
        placeItems: 'center',
        color: 'primary.main',
        background: (t) => `linear-gradient(135deg, ${alpha(t.palette.primary.main, 0.16)}, ${alpha(t.palette.secondary.main, 0.12)})`,
        '& svg': { fontSize: size },
      }}
    >
      {kind === 'digital' ? <CloudDownloadRounded /> : <StorefrontRounded />}
    </Box>
  );
}

/** '$25.00 $30.00' with the list price struck through while on sale. */
export function Price({ current, list, onSale, large }: { current: number; list: number; onSale: boolean; large?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }} data-testid="product-price">
      <Typography component="span" sx={{ fontWeight: 700, fontSize: large ? 24 : 16, color: onSale ? 'error.main' : 'text.primary' }} data-testid="price-current">
        {formatMoney(current)}
      </Typography>
      {onSale && (
        <Typography component="s" color="text.secondary" sx={{ fontSize: large ? 16 : 14 }} data-testid="price-list" aria-label={`was ${formatMoney(list)}`}>
          {formatMoney(list)}
        </Typography>
      )}
    </Box>
  );
}

/** Subtotal, shipping, total (and what was refunded): the checkout's and the order page's money, one way. */
export function Totals({ rows, testId }: { rows: { label: string; value: string; strong?: boolean; tone?: 'warning'; testId?: string }[]; testId?: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.75 }} data-testid={testId}>
      {rows.map((r) => (
        <Fragment key={r.label}>
          <Typography color={r.tone ? `${r.tone}.main` : r.strong ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: r.strong ? 700 : 400, mt: r.strong ? 1 : 0 }}>
            {r.label}
          </Typography>
          <Typography color={r.tone ? `${r.tone}.main` : 'text.primary'} sx={{ fontWeight: r.strong ? 700 : 400, mt: r.strong ? 1 : 0, textAlign: 'right' }} data-testid={r.testId}>
            {r.value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}
