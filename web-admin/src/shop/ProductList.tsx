// /admin/shop/product-list (GET /admin-api/shop/products): picture, title, price and sale price, stock, draft or
// published, who sees it; search and a state filter; an empty state that offers the first product.
import { Box, Button, Typography } from '@mui/material';
import { Datagrid, FunctionField, List, SearchInput, SelectInput, TextField, useBasename } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { money } from './paths';

interface Row { id: string; title: string; price_cents: number; current_price_cents: number; on_sale: boolean; status: string; visibility: string; images: { thumbnail_url: string | null }[]; variants: { stock: number | null }[] }

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search products" />,
  <SelectInput key="status" source="status" label="State" choices={[{ id: 'draft', name: 'Draft' }, { id: 'published', name: 'Published' }]} alwaysOn />,
];

function Empty() {
  const basename = useBasename();
  return (
    <Box sx={{ textAlign: 'center', p: 4 }} data-testid="shop-products-empty">
      <Typography variant="h6" gutterBottom>No products yet</Typography>
      <Typography color="text.secondary" gutterBottom>Add a product, then publish it to show it in the shop.</Typography>
      <Button variant="contained" component={RouterLink} to={`${basename}/shop/add-product`}>Add product</Button>
    </Box>
  );
}

const stockOf = (r: Row) => (r.variants.some((v) => v.stock === null) ? 'Unlimited' : String(r.variants.reduce((n, v) => n + (v.stock ?? 0), 0)));

export function ProductList() {
  const basename = useBasename();
  return (
    <List resource="shop/products" title="Products" filters={filters} empty={<Empty />} sort={{ field: 'created_at', order: 'DESC' }} storeKey="shop-products"
      actions={<Button variant="contained" size="small" component={RouterLink} to={`${basename}/shop/add-product`} sx={{ m: 1 }} data-testid="shop-add-product">Add product</Button>}>
      <Datagrid rowClick={(id) => `/shop/edit-product/${String(id)}`} bulkActionButtons={false} data-testid="shop-products">
        <FunctionField label="Picture" render={(r: Row) => (r.images[0]?.thumbnail_url
          ? <Box component="img" src={r.images[0].thumbnail_url} alt="" sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1 }} />
          : <Box sx={{ width: 48, height: 48, bgcolor: 'action.hover', borderRadius: 1 }} />)} />
        <TextField source="title" />
        <FunctionField label="Price" sortBy="price_cents" render={(r: Row) => (r.on_sale ? <span><s>{money(r.price_cents)}</s> {money(r.current_price_cents)}</span> : money(r.price_cents))} />
        <FunctionField label="Stock" render={stockOf} />
        <FunctionField label="State" render={(r: Row) => (r.status === 'published' ? 'Published' : 'Draft')} />
        <FunctionField label="Visible to" render={(r: Row) => (r.visibility === 'subscribers' ? 'Subscribers only' : 'Everyone')} />
      </Datagrid>
    </List>
  );
}
