// A money input in dollars over a field kept in integer cents (the membership prices, a tier's price).
import { NumberInput, type NumberInputProps } from 'react-admin';

const toDollars = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v / 100 : v == null ? '' : v);

/** Dollars as typed → cents, rounded to the cent; an empty or unreadable value → `empty`. */
export const toCents =
  (empty: number | null) =>
  (v: unknown): number | null => {
    if (v === '' || v == null) return empty;
    const n = typeof v === 'number' ? v : parseFloat(String(v));
    return Number.isFinite(n) ? Math.round(n * 100) : empty;
  };

/** `empty`: what an empty input stores (0 for a price that must be set, null for "not given"). */
export function PriceInput({ empty = null, ...props }: Omit<NumberInputProps, 'format' | 'parse'> & { empty?: number | null }) {
  return <NumberInput {...props} format={toDollars} parse={toCents(empty)} />;
}
