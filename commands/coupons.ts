// Coupons (domain/coupon): create, edit, disable and enable a coupon (stream `coupon-<CODE>`), and the check the
// subscribe page runs. Stable exports for the subscribe flow: checkCouponCode(store, raw), couponsEnabled(store).
import { DomainError } from '../domain/shared/decider';
import type { EventStore } from '../infra/eventstore/port';
import { checkCoupon, couponDecider, couponStream, parseCouponCode, type CouponTerms, type ValidCoupon } from '../domain/coupon/coupon';
import { SETTINGS_STREAM, settingsDecider } from '../domain/settings/settings';
import { handle, loadStream, type CommandContext } from './handle';

export async function couponsEnabled(store: EventStore): Promise<boolean> {
  return (await loadStream(store, SETTINGS_STREAM, settingsDecider)).state.enable_coupons;
}

/** Creates a coupon; the code is trimmed and upper-cased ('Enter valid coupon' when blank, 409 when taken). */
export async function createCoupon(ctx: CommandContext, input: { code: string; terms: CouponTerms; actorId: string }): Promise<{ couponId: string; code: string }> {
  const code = parseCouponCode(input.code);
  const couponId = ctx.newId();
  await handle(ctx, couponStream(code), couponDecider, { type: 'CreateCoupon', couponId, code, ...input.terms, actorId: input.actorId, at: ctx.now() });
  return { couponId, code };
}

/** Changes a coupon's discount; `code` comes from the coupons read model (the id names the coupon, the code its stream). */
export async function updateCoupon(ctx: CommandContext, input: { couponId: string; code: string; terms: CouponTerms; actorId: string }) {
  return handle(ctx, couponStream(input.code), couponDecider, { type: 'UpdateCoupon', couponId: input.couponId, ...input.terms, actorId: input.actorId, at: ctx.now() });
}

export async function setCouponActive(ctx: CommandContext, input: { couponId: string; code: string; active: boolean; actorId: string }) {
  return handle(ctx, couponStream(input.code), couponDecider, {
    type: input.active ? 'EnableCoupon' : 'DisableCoupon',
    couponId: input.couponId,
    actorId: input.actorId,
    at: ctx.now(),
  });
}

/** Coupons on or off for the whole site (a site setting). */
export async function switchCoupons(ctx: CommandContext, enabled: boolean) {
  return handle(ctx, SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', changes: { enable_coupons: enabled } });
}

/** The console's coupon edit: new terms (null: unchanged), then enabled or disabled when sent. */
export async function editCoupon(ctx: CommandContext, input: { couponId: string; code: string; terms: CouponTerms | null; active?: boolean; actorId: string }): Promise<void> {
  const { couponId, code, actorId } = input;
  if (input.terms) await updateCoupon(ctx, { couponId, code, terms: input.terms, actorId });
  if (input.active !== undefined) await setCouponActive(ctx, { couponId, code, active: input.active, actorId });
}

/**
 * The coupon a fan typed, checked against its stream: trimmed and upper-cased first; coupons switched off
 * (COUPONS_DISABLED), unknown (COUPON_NOT_FOUND) or disabled (COUPON_DISABLED) throw with that code.
 */
export async function checkCouponCode(store: EventStore, raw: string): Promise<ValidCoupon> {
  const code = parseCouponCode(raw);
  const [{ state }, enabled] = await Promise.all([loadStream(store, couponStream(code), couponDecider), couponsEnabled(store)]);
  return checkCoupon(state, { couponsEnabled: enabled });
}

/** The coupon stream's state, for the console (404 'Error while get coupon details.' when unknown). */
export async function loadCoupon(store: EventStore, code: string) {
  const { state } = await loadStream(store, couponStream(code), couponDecider);
  if (!state.couponId) throw new DomainError('Error while get coupon details.', 'COUPON_NOT_FOUND', 404);
  return state;
}
