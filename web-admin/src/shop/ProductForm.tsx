// /admin/shop/add-product and /admin/shop/edit-product/:id (POST, PUT /admin-api/shop/products[/:id]): title,
// description (the server sanitises it), kind, price and a sale price with its window, variants with their own SKU
// and stock, shipping per country (one row ready), who sees it, pictures and a digital item's file from the media library; publish, unpublish and delete
// (confirmed). A 400 names its field and is shown on it.
import { Box, Button, Stack, Typography } from '@mui/material';
import {
  ArrayInput, Create, DateTimeInput, DeleteWithConfirmButton, Edit, FormDataConsumer, NumberInput, SaveButton, SelectInput, SimpleForm, SimpleFormIterator, TextInput, Toolbar,
  required, useNotify, useRecordContext, useRefresh,
} from 'react-admin';
import { api } from '../api';
import { DigitalFileInput, ProductPicturesInput } from './ProductPictures';

interface ProductRecord { id: string; status: string }

const toCents = (v: unknown) => (v === '' || v == null ? v : Math.round(Number(v) * 100));
const fromCents = (v: unknown) => (typeof v === 'number' ? v / 100 : v);

/** The form's values as the API takes them (an empty sale is none). */
const transform = (d: Record<string, unknown>) => {
  const sale = d.sale as { price_cents?: number | null; starts_at?: string | null; ends_at?: string | null } | null;
  return {
    ...d,
    sale: sale && sale.price_cents != null ? { price_cents: sale.price_cents, starts_at: sale.starts_at || null, ends_at: sale.ends_at || null } : null,
    shipping: d.kind === 'digital' ? [] : d.shipping ?? [],
    image_media_ids: ((d.image_media_ids as unknown[]) ?? []).map((m) => (typeof m === 'object' && m ? (m as { id: string }).id : m)).filter(Boolean),
  };
};

function PublishButton() {
  const record = useRecordContext<ProductRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  const published = record.status === 'published';
  const run = async () => {
    try {
      await api(`/admin-api/shop/products/${record.id}/${published ? 'unpublish' : 'publish'}`, { method: 'POST', body: {} });
      notify(published ? 'Product unpublished.' : 'Product published.', { type: 'success' });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return <Button variant="outlined" onClick={() => void run()} data-testid="shop-publish">{published ? 'Unpublish' : 'Publish'}</Button>;
}

function EditToolbar() {
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      <PublishButton />
      <Box sx={{ flex: 1 }} />
      <DeleteWithConfirmButton confirmTitle="Delete this product?" confirmContent="Fans will no longer see it. Orders already placed keep it." redirect="/shop/product-list" />
    </Toolbar>
  );
}

function Fields() {
  return (
    <Stack sx={{ width: '100%', maxWidth: 720 }}>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="description" multiline minRows={4} fullWidth helperText="Plain text or simple HTML; unsafe markup is removed." />
      <SelectInput source="kind" choices={[{ id: 'physical', name: 'Physical' }, { id: 'digital', name: 'Digital' }]} defaultValue="physical" />
      <NumberInput source="price_cents" label="Price ($)" format={fromCents} parse={toCents} validate={required()} min={0} step={0.01} />
      <Typography variant="subtitle2" sx={{ mt: 1 }}>Sale</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1}>
        <NumberInput source="sale.price_cents" label="Sale price ($)" format={fromCents} parse={toCents} min={0} step={0.01} />
        <DateTimeInput source="sale.starts_at" label="From" />
        <DateTimeInput source="sale.ends_at" label="Until" />
      </Stack>
      <ArrayInput source="variants" label="Variants (size, colour…)">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="name" label="Option" validate={required()} />
          <TextInput source="sku" label="SKU" />
          <NumberInput source="stock" label="Stock (empty: unlimited)" min={0} />
        </SimpleFormIterator>
      </ArrayInput>
      <FormDataConsumer>{({ formData }) => (formData.kind === 'digital' ? null : (
        // A physical product starts with one row ready ('*': anywhere not listed); rows are added per country.
        <ArrayInput source="shipping" label="Shipping per country">
          <SimpleFormIterator inline disableReordering addButton={<Button size="small" data-testid="shop-add-shipping">Add shipping</Button>}>
            <TextInput source="country" label="Country (US, GB…; * anywhere else)" validate={required()} />
            <NumberInput source="cents" label="Price ($)" format={fromCents} parse={toCents} min={0} step={0.01} validate={required()} />
          </SimpleFormIterator>
        </ArrayInput>
      ))}</FormDataConsumer>
      <SelectInput source="visibility" label="Visible to" choices={[{ id: 'everyone', name: 'Everyone' }, { id: 'subscribers', name: 'Subscribers only' }]} defaultValue="everyone" />
      <ProductPicturesInput />
      <FormDataConsumer>{({ formData }) => (formData.kind === 'digital' ? <DigitalFileInput /> : null)}</FormDataConsumer>
    </Stack>
  );
}

const defaults = { kind: 'physical', visibility: 'everyone', variants: [{ name: 'Standard', sku: '', stock: null }], shipping: [{ country: '*', cents: 0 }], image_media_ids: [] };

export function ProductCreate() {
  return (
    <Create resource="shop/products" title="Add product" transform={transform} redirect={(_r?: string, id?: unknown) => `shop/edit-product/${String(id)}`}>
      <SimpleForm defaultValues={defaults}><Fields /></SimpleForm>
    </Create>
  );
}

export function ProductEdit() {
  return (
    <Edit resource="shop/products" title="Edit product" transform={transform} mutationMode="pessimistic" redirect={false}>
      <SimpleForm toolbar={<EditToolbar />}><Fields /></SimpleForm>
    </Edit>
  );
}
