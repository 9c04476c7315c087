// Answers of the saved-card routes (api/routes/payment-methods.ts), for the OpenAPI document; held to SavedCardView.
import { z } from 'zod';
import type { SavedCardView } from '../../domain/card/wire';
import type { SameShape } from '../openapi-envelopes';

export const savedCard = z.object({
  _id: z.string(),
  brand: z.string().describe('visa, mastercard, amex, ...'),
  last4: z.string(),
  exp_month: z.string().describe("'01'..'12'"),
  exp_year: z.string().describe("'2027'"),
  is_primary: z.boolean(),
  added_at: z.string().nullable(),
});
const _savedCard: SameShape<z.output<typeof savedCard>, SavedCardView> = true;
void _savedCard;

/** The fan's saved cards (never the number or the CVV: only the provider holds them). */
export const savedCards = z.array(savedCard).describe("The fan's saved cards, primary first.");
