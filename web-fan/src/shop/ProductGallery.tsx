// The product page's pictures: the one picked, large, and a row of the others to pick from (a product without
// pictures shows its kind's artwork).
import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { ProductImage } from './ShopParts';
import type { Product } from './shopApi';

export function ProductGallery({ product }: { product: Product }) {
  const pictures = product.images.filter((i) => i.url || i.thumbnail_url);
  const [picked, setPicked] = useState(0);
  const shown = pictures[Math.min(picked, pictures.length - 1)];
  return (
    <Box data-testid="product-gallery">
      <Box sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <ProductImage kind={product.kind} title={product.title} src={shown?.url ?? shown?.thumbnail_url} size={96} />
      </Box>
      {pictures.length > 1 && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1, overflowX: 'auto', pb: 0.5 }} role="list" aria-label="Pictures">
          {pictures.map((pic, i) => (
            <ButtonBase
              key={pic._id}
              role="listitem"
              onClick={() => setPicked(i)}
              aria-label={`Picture ${i + 1} of ${pictures.length}`}
              aria-current={i === picked}
              sx={{ flex: '0 0 64px', width: 64, borderRadius: 2, overflow: 'hidden', border: 2, borderColor: i === picked ? 'primary.main' : 'transparent' }}
              data-testid="gallery-thumb"
            >
              <ProductImage kind={product.kind} title={`${product.title}, picture ${i + 1}`} src={pic.thumbnail_url ?? pic.url} size={24} />
            </ButtonBase>
          ))}
        </Box>
      )}
    </Box>
  );
}
