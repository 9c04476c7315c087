// The shop's calls (GET/POST /api/shop/…) and their answers as the fan site reads them, kept in the query cache
// under ['shop', …]. The cart and the orders are live: SHOP_CART_UPDATED (any tab's change, a checkout) and
// SHOP_ORDER_UPDATED (staff ship, complete, cancel, refund) read them again; so does the window regaining focus.
import { useQuery } from '@tanstack/react-query';
import { api, request, type ApiAnswer } from '../api';
import { useAuth } from '../auth';
import { queryClient, useInvalidateOn } from '../realtime';
import { shippingTo } from '../../../domain/shop-product/product';
import type { PaymentResult } from '../../../domain/payment/wire';

export type ProductKind = 'physical' | 'digital';

export interface ProductVariant {
  variant_id: string;
  name: string;
  sku: string;
  /** Items that can be bought now; null: unlimited. */
  available: number | null;
  in_stock: boolean;
}

export interface Product {
  _id: string;
  kind: ProductKind;
  title: string;
  /** Sanitised by the server. */
  description_html: string;
  image_media_ids: string[];
  /** The pictures in order, with signed links (url: the full picture; thumbnail_url: the small one). */
  images: ProductPicture[];
  price_cents: number;
  current_price_cents: number;
  on_sale: boolean;
  visibility: 'everyone' | 'subscribers';
  shipping: { country: string; cents: number }[];
  variants: ProductVariant[];
  in_stock: boolean;
  created: string;
}

export interface ProductPicture {
  _id: string;
  url: string | null;
  thumbnail_url: string | null;
}

export interface ProductPage {
  products: Product[];
  total: number;
  page: number;
  totalPages: number;
}

export interface CartLine {
  product_id: string;
  variant_id: string;
  title: string;
  variant_name: string;
  kind: ProductKind;
  image_media_id: string | null;
  /** The product's first picture, signed; null: none to show. */
  thumbnail_url: string | null;
  unit_price_cents: number;
  quantity: number;
  line_total_cents: number;
  available: number | null;
  /** Why the line cannot be bought now ('Sold out.', 'Only 2 left.'…); null: it can. */
  problem: string | null;
}

export interface Cart {
  lines: CartLine[];
  count: number;
  subtotal_cents: number;
}

export interface Address {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string;
}
export type SavedAddress = Address & { _id: string };

export type OrderStatus = 'placed' | 'failed' | 'paid' | 'fulfilled' | 'completed' | 'cancelled' | 'refunded' | 'charged_back';

export interface Order {
  _id: string;
  status: OrderStatus;
  lines: {
    line_no: number;
    product_id: string;
    variant_id: string;
    kind: ProductKind;
    title: string;
    variant_name: string;
    sku: string;
    unit_price_cents: number;
    quantity: number;
    refunded_quantity: number;
    thumbnail_url: string | null;
    /** A digital line's downloads; null for a physical one. */
    download: Download | null;
  }[];
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
  refunded_cents: number;
  address: Address | null;
  carrier: string | null;
  tracking_number: string | null;
  cancel_reason: string | null;
  history: { status: string; at: string; note: string | null }[];
  placed_at: string;
  paid_at: string | null;
}

export interface Download {
  limit: number;
  used: number;
  remaining: number;
  expires_at: string | null;
  /** Why a download is refused now; null: it can be downloaded. */
  refused: string | null;
}

export interface CheckoutAnswer extends PaymentResult {
  order_id: string;
  amount_cents: number;
  wallet_balance_cents?: number;
  order: Order | null;
}

export interface CheckoutItem {
  product_id: string;
  variant_id: string;
  quantity: number;
}

const CART_KEY = ['shop', 'cart'] as const;
const ADDRESSES_KEY = ['shop', 'addresses'] as const;

export const productsQuery = (page: number, q: string) => ({
  queryKey: ['shop', 'products', page, q] as const,
  queryFn: async () => (await api.get<ProductPage>('/api/shop/products', { page, q })).data,
  retry: false,
});

export const useProducts = (page: number, q: string) => useQuery(productsQuery(page, q));

export const useProduct = (id: string) =>
  useQuery({ queryKey: ['shop', 'product', id], queryFn: async () => (await api.get<Product>(`/api/shop/products/${id}`)).data, retry: false, enabled: !!id });

/** The shop is shown to this visitor: their menu list names it, and the server answers (it is open for their audience). */
export function useShopShown(): boolean {
  // The public settings say whether this visitor sees the shop (open, and their audience ticked in Settings → Shop).
  const { settings } = useAuth();
  return settings?.shop?.shown ?? false;
}

/** The signed-in fan's cart, kept live. */
export function useCart() {
  const { token } = useAuth();
  useInvalidateOn(['SHOP_CART_UPDATED'], CART_KEY, !!token);
  return useQuery({
    queryKey: CART_KEY,
    queryFn: async () => (await api.get<Cart>('/api/shop/cart')).data,
    enabled: !!token,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

/** A cart answer from a write (or, without one, a checkout that emptied it): shown at once. */
export function cartChanged(cart?: Cart) {
  if (cart) queryClient.setQueryData(CART_KEY, cart);
  else void queryClient.invalidateQueries({ queryKey: CART_KEY });
}

export const shopApi = {
  addToCart: async (item: CheckoutItem) => cartChanged((await api.post<Cart>('/api/shop/cart', item)).data),
  setQuantity: async (variantId: string, quantity: number) => cartChanged((await request<Cart>(`/api/shop/cart/${variantId}`, { method: 'PUT', body: { quantity } })).data),
  remove: async (variantId: string) => cartChanged((await request<Cart>(`/api/shop/cart/${variantId}`, { method: 'DELETE' })).data),
  saveAddress: async (address: Address, id?: string) => {
    const answer = id
      ? await request<{ addresses: SavedAddress[]; address_id?: string }>(`/api/shop/addresses/${id}`, { method: 'PUT', body: address })
      : await api.post<{ addresses: SavedAddress[]; address_id?: string }>('/api/shop/addresses', address);
    queryClient.setQueryData(ADDRESSES_KEY, answer.data.addresses);
    return answer.data;
  },
  removeAddress: async (id: string) => {
    const answer = await request<{ addresses: SavedAddress[] }>(`/api/shop/addresses/${id}`, { method: 'DELETE' });
    queryClient.setQueryData(ADDRESSES_KEY, answer.data.addresses);
  },
  checkout: (body: Record<string, unknown>, idempotencyKey: string): Promise<ApiAnswer<CheckoutAnswer>> => api.post<CheckoutAnswer>('/api/shop/checkout', body, { idempotencyKey }),
  /** Counts one download of an order's digital line and answers the file's short-lived link; the order pages read it again. */
  download: async (orderId: string, lineNo: number) => {
    const answer = await api.post<{ url: string; file_name: string; download: Download }>(`/api/shop/orders/${orderId}/lines/${lineNo}/download`, {});
    void queryClient.invalidateQueries({ queryKey: ['shop', 'order', orderId] });
    void queryClient.invalidateQueries({ queryKey: ['shop', 'orders'] });
    void queryClient.invalidateQueries({ queryKey: ['purchased-contents'] });
    return answer.data;
  },
};

export const useAddresses = () =>
  useQuery({ queryKey: ADDRESSES_KEY, queryFn: async () => (await api.get<{ addresses: SavedAddress[] }>('/api/shop/addresses')).data.addresses, retry: false });

export function useOrders(page: number) {
  useInvalidateOn(['SHOP_ORDER_UPDATED'], ['shop', 'orders']);
  return useQuery({ queryKey: ['shop', 'orders', page], queryFn: async () => (await api.get<{ orders: Order[]; total: number; page: number; totalPages: number }>('/api/shop/orders', { page })).data, retry: false });
}

export function useOrder(id: string) {
  useInvalidateOn(['SHOP_ORDER_UPDATED'], ['shop', 'order', id]);
  return useQuery({ queryKey: ['shop', 'order', id], queryFn: async () => (await api.get<Order>(`/api/shop/orders/${id}`)).data, retry: false, refetchOnWindowFocus: true });
}

/** What shipping to `country` costs: each physical product once, whatever the quantity (the server's rule); null: one does not ship there. */
export function shippingFor(products: Pick<Product, 'kind' | 'shipping'>[], country: string): number | null {
  let cents = 0;
  for (const p of products) {
    const rate = shippingTo(p, country);
    if (rate === null) return null;
    cents += rate;
  }
  return cents;
}
