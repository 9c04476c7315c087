// The console's admin tools: subscription links (generate; a fan subscribes with one),
// redirect URLs of the fan site, and the member flag "migration subscription". The link's HMAC is the API's
// (it holds the secret): commands get `sign`/`verify` functions.
import { DomainError } from '../domain/shared/decider';
import {
  assertGenerated, LINK_USED, linkTermsFrom, linkToken, subscriptionLinkDecider, subscriptionLinkStream, verifyLinkToken,
  type LinkRequest, type LinkTerms,
} from '../domain/subscription-link/subscription-link';
import { normalisePath, redirectUrlDecider, redirectUrlStream } from '../domain/redirect-url/redirect-url';
import type { PurchaseDeps } from './payment/process';
import type { CardChoice } from './cards';
import { handle, loadStream, type CommandContext } from './handle';
import { actOnMember } from './staff';
import { subscribeMember } from './subscriptions';
import type { Role } from '../domain/shared/wire';
import type { PayWith } from './subscriptions';

export interface LinkSigner {
  sign(payload: string): string;
  verify(payload: string, signature: string): boolean;
}

/** Staff generate a link: the event records the terms (never the signature); the token is built from them. */
export async function generateSubscriptionLink(ctx: CommandContext, signer: LinkSigner, req: LinkRequest) {
  const linkId = ctx.newId();
  const { terms, note } = linkTermsFrom(req, linkId, ctx.now());
  const r = await handle(ctx, subscriptionLinkStream(linkId), subscriptionLinkDecider, { type: 'Generate', terms, note, generatedBy: ctx.metadata.userId ?? 'system', at: ctx.now() });
  return { terms, note, token: linkToken(terms, (p) => signer.sign(p)), position: r.position };
}

/**
 * A link's terms after every check: the signature (a changed price, id or expiry is refused), the expiry, that the
 * link was generated with exactly these terms, and (for a signed-in fan) that they did not use it before.
 */
export async function checkSubscriptionLink(ctx: CommandContext, signer: LinkSigner, token: string, userId: string | null): Promise<LinkTerms> {
  const terms = verifyLinkToken(token, (p, s) => signer.verify(p, s), ctx.now());
  const { state } = await loadStream(ctx.store, subscriptionLinkStream(terms.linkId), subscriptionLinkDecider);
  assertGenerated(state, terms);
  if (userId && state.usedBy.has(userId)) throw new DomainError(LINK_USED, 'LINK_USED', 400, { field: 'subscription_link' });
  return terms;
}

/** A fan subscribes at the link's price; an accepted membership records the link's use (with the payment). */
export async function subscribeWithLink(
  ctx: CommandContext,
  deps: PurchaseDeps,
  signer: LinkSigner,
  input: { userId: string; role: Role; token: string; card: CardChoice | null; payWith?: PayWith },
) {
  const terms = await checkSubscriptionLink(ctx, signer, input.token, input.userId);
  const outcome = await subscribeMember(ctx, deps, { userId: input.userId, role: input.role, card: input.card, payWith: input.payWith, link: terms });
  if (outcome.accepted) {
    await handle(ctx, subscriptionLinkStream(terms.linkId), subscriptionLinkDecider, {
      type: 'RecordUse', linkId: terms.linkId, userId: input.userId, paymentId: outcome.paymentId, amountCents: outcome.amountCents, at: ctx.now(),
    });
  }
  return outcome;
}

// ---- redirect URLs ----------------------------------------------------------------------------------------

/** Creates (`existing` absent) or changes the redirect of a path. */
export async function saveRedirectUrl(ctx: CommandContext, input: { path: unknown; target: unknown; existing?: string }) {
  const path = normalisePath(input.existing ?? input.path);
  return handle(ctx, redirectUrlStream(path), redirectUrlDecider, { type: 'Save', path, target: String(input.target ?? ''), creating: input.existing === undefined, at: ctx.now() });
}

export async function deleteRedirectUrl(ctx: CommandContext, path: string) {
  const p = normalisePath(path);
  return handle(ctx, redirectUrlStream(p), redirectUrlDecider, { type: 'Delete', path: p, at: ctx.now() });
}

// ---- member flag ------------------------------------------------------------------------------------------

/** The admin flag "migration subscription" (rank rules as for every member edit). */
export const setMigrationSubscription = (ctx: CommandContext, userId: string, migrate: boolean) =>
  actOnMember(ctx, { type: 'SetMigrationSubscription', userId, migrate }, 'edit');
