// Tiers and bundles (domain/membership-plan) as the console edits them: requests and records.
import { z } from 'zod';
import { activeTiers, BASE_TIER_ID, type PlansState, type Tier } from '../../domain/membership-plan/plan';

const text = (field: string, max: number) => z.string({ error: `${field} must be text.` }).max(max, { error: `${field} can be at most ${max} characters.` });

export const tierBody = z.object({
  name: text('name', 40).trim().min(1, { error: 'Please enter the tier name.' }),
  description: text('description', 2000).optional().default(''),
  benefits: z.array(text('benefits', 120).trim().min(1, { error: 'A benefit cannot be empty.' }), { error: 'benefits must be a list.' }).max(20, { error: 'At most 20 benefits.' }).optional().default([]),
  price_cents: z.number({ error: 'price_cents must be a number.' }).int({ error: 'price_cents must be whole cents.' }).min(100, { error: 'The monthly price must be at least $1.00.' }).max(100_000, { error: 'The monthly price can be at most $1,000.00.' }).nullable().optional(),
  rank: z.number({ error: 'rank must be a number.' }).int({ error: 'rank must be a whole number.' }).min(0).max(99, { error: 'The rank must be from 1 to 99.' }).optional(),
});

/** react-admin sends the whole record back: only the editable fields are read. */
export const tierFields = (body: unknown) => Object.fromEntries(Object.entries((body ?? {}) as Record<string, unknown>).filter(([k]) => k in tierBody.shape));

export const bundlesBody = z.object({
  discount_3: z.number({ error: 'discount_3 must be a number.' }).int().min(0).max(90, { error: 'A discount is at most 90 %.' }).optional(),
  discount_6: z.number({ error: 'discount_6 must be a number.' }).int().min(0).max(90, { error: 'A discount is at most 90 %.' }).optional(),
  discount_12: z.number({ error: 'discount_12 must be a number.' }).int().min(0).max(90, { error: 'A discount is at most 90 %.' }).optional(),
});
export const bundleFields = (body: unknown) => Object.fromEntries(Object.entries((body ?? {}) as Record<string, unknown>).filter(([k]) => k in bundlesBody.shape));

export const adminTierRecord = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  benefits: z.array(z.string()),
  price_cents: z.number().describe("The monthly price for new subscribers (the base tier's is the site's membership price)."),
  is_base: z.boolean(),
  rank: z.number(),
  subscribers: z.number().describe('Members on this tier now.'),
  earnings: z
    .object({
      subscriptions: z.number(), subscriptions_cents: z.number(), renewals: z.number(), renewals_cents: z.number(), upgrades: z.number(), upgrades_cents: z.number(),
    })
    .optional()
    .describe('What the tier has brought in, as charged: new subscriptions, renewals and upgrades into it (counts and cents).'),
});
export type AdminTierRecord = z.infer<typeof adminTierRecord>;

export const adminBundlesRecord = z.object({ id: z.literal('site'), discount_3: z.number(), discount_6: z.number(), discount_12: z.number() });

type TierEarnings = NonNullable<AdminTierRecord['earnings']>;
const NO_EARNINGS: TierEarnings = { subscriptions: 0, subscriptions_cents: 0, renewals: 0, renewals_cents: 0, upgrades: 0, upgrades_cents: 0 };

export const tierRecord = (t: Tier, siteMonthlyCents: number, subscribers: number, earnings?: TierEarnings): AdminTierRecord => ({
  id: t.tierId, name: t.name, description: t.description, benefits: t.benefits, price_cents: t.priceCents ?? siteMonthlyCents, is_base: t.tierId === BASE_TIER_ID, rank: t.rank, subscribers,
  earnings: earnings
    ? { subscriptions: earnings.subscriptions, subscriptions_cents: earnings.subscriptions_cents, renewals: earnings.renewals, renewals_cents: earnings.renewals_cents, upgrades: earnings.upgrades, upgrades_cents: earnings.upgrades_cents }
    : NO_EARNINGS,
});

export const tierRecords = (plans: PlansState, siteMonthlyCents: number, counts: Map<string, number>, earnings: Map<string, TierEarnings> = new Map()) =>
  activeTiers(plans).map((t) => tierRecord(t, siteMonthlyCents, counts.get(t.tierId) ?? 0, earnings.get(t.tierId)));
