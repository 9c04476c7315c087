// The answer of a card payment (unlocking a post, a tip), for the OpenAPI document; held to PaymentResult.
import { z } from 'zod';
import type { PaymentResult } from '../../domain/payment/wire';
import type { SameShape } from '../openapi-envelopes';

export const paymentResultShape = z.object({
  accepted: z.boolean(),
  transactionId: z.string().nullable().describe("The provider's transaction id once captured."),
  failureCode: z.string().optional().describe("The provider's decline code ('-23', '-24', ...)."),
  alreadyCharged: z.boolean().optional(),
  errors: z
    .object({ allow_cascade: z.boolean().optional(), error_from: z.string().optional(), transactionId: z.string().optional() })
    .optional()
    .describe('allow_cascade: the fan may retry with another payment method (the fan site offers the wallet).'),
});
const _paymentResult: SameShape<z.output<typeof paymentResultShape>, Omit<PaymentResult, 'blogData'>> = true;
void _paymentResult;

/** 402 when the card is declined: the same data, in the error envelope. */
export const declined = <T extends z.ZodType>(data: T) =>
  z
    .object({ success: z.literal(0), message: z.string().describe("The provider's decline, as the fan sees it."), code: z.literal('PAYMENT_FAILED'), data, position: z.string().optional() })
    .describe('PAYMENT_FAILED: the card was declined; nothing was bought.');
