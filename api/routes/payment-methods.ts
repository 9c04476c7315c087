// Payment methods: saved cards and the billing lookups of the card form.
//   GET  /api/ccbill/get-payment-card, /api/v2/get-payment-card        → SavedCardView[] (primary first)
//   POST /api/v2/purchase/add-new-card   AddCardRequest                 → SavedCardView ('Card added successfully.')
//   POST /api/ccbill/set-primary-card    { card_id }                    → SavedCardView[]
//   POST /api/ccbill/remove-card         { card_id }                    → SavedCardView[] (409 for the last card of
//                                                                          a membership that renews by card)
//   GET  /api/places/countries?q=&page=&per_page=                       → PlacePage<PlaceOption> (all 250 by default)
//   GET  /api/places/states?country=US&q=&page=&per_page=               → PlacePage<PlaceOption> (empty: no states)
//   GET  /api/places/cities?country=US&state=NY&q=&page=&per_page=      → PlacePage<PlaceOption> (code = name; 50 a page)
//   GET  /api/places/my-country                                         → MyCountry (GeoIP of the caller; TRUST_PROXY)
//   The spec's own paths for the same lookups: GET /api/users/get_all_countries, POST /api/users/get_states_of_country
//   {countryId}, POST /api/users/get_cities_of_state {countryId, stateId} → PlaceOption[]; GET
//   /api/ccbill/get-country-from-ip → MyCountry.
// The default payment method (card or crypto wallet) is POST /api/users/set-default-payment-method (routes/wallet.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MyCountry, PlaceOption, PlacePage, SavedCardView } from '../../domain/card/wire';
import { ValidationError } from '../../domain/shared/validation';
import { BILLING_MESSAGES } from '../../domain/card/card-form';
import { addCard, removeCard, setPrimaryCard } from '../../commands/cards';
import { setDefaultPaymentMethod } from '../../commands/wallet';
import type { CommandContext } from '../../commands/handle';
import { savedCards } from '../../projections/cards';
import { findSubscriber, subscriberStatus } from '../../projections/subscribers';
import { findWallet } from '../../projections/wallet';
import { countryOf } from '../../infra/geo/country';
import { findCountry, listCities, listCountries, listStates, pageOf, warmPlaces } from '../../infra/geo/places';
import { ok } from '../http';
import { answer } from '../openapi';
import { savedCard, savedCards as savedCardsShape } from '../schemas/cards';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import type { Services } from '../services';

const field = z.string().max(200).optional().default('');
export const cardFormBody = z.object({
  email: field,
  address: field,
  country: field,
  state: field,
  city: field,
  pincode: field,
  firstName: field,
  lastName: field,
  cardNumber: z.string().max(40).optional().default(''),
  cvv: z.string().max(8).optional().default(''),
  month: z.string().max(4).optional().default(''),
  year: z.string().max(6).optional().default(''),
  card_type: z.string().max(40).optional(), // sent by the spec's site; the server detects the brand itself
});
const addCardBody = cardFormBody.extend({
  make_primary: z
    .unknown()
    .refine((v) => typeof v === 'boolean', { error: 'make_primary is invalid.' })
    .optional()
    .transform((v) => (v === undefined ? true : (v as boolean))),
});
const cardIdBody = z.object({ card_id: z.string({ error: 'card_id is required.' }).uuid({ error: 'card_id is invalid.' }) });

const paging = (perPageDefault: number) => ({
  q: z.string().max(100).optional(),
  page: z.coerce.number({ error: 'page is invalid.' }).int({ error: 'page is invalid.' }).min(1, { error: 'page is invalid.' }).max(100_000, { error: 'page is invalid.' }).optional().default(1),
  per_page: z.coerce.number({ error: 'per_page is invalid.' }).int({ error: 'per_page is invalid.' }).min(1, { error: 'per_page is invalid.' }).max(300, { error: 'per_page is invalid.' }).optional().default(perPageDefault),
});
const code = (name: string, max: number) => z.string({ error: `${name} is required.` }).trim().min(1, { error: `${name} is required.` }).max(max, { error: `${name} is invalid.` });
const countriesQuery = z.object(paging(300));
const statesQuery = z.object({ country: code('country', 3), ...paging(300) });
const citiesQuery = z.object({ country: code('country', 3), state: code('state', 10), ...paging(50) });
const specStatesBody = z.object({ countryId: code('countryId', 3) });
const specCitiesBody = z.object({ countryId: code('countryId', 3), stateId: code('stateId', 10) });

/** The lookups are static data: browsers may keep them a day. */
const cacheable = (reply: FastifyReply) => reply.header('cache-control', 'private, max-age=86400');

async function statesOrRefuse(country: string, q?: string): Promise<PlaceOption[]> {
  const states = await listStates(country, q);
  if (!states) throw new ValidationError('country', BILLING_MESSAGES.country);
  return states;
}

async function citiesOrRefuse(country: string, state: string, q?: string): Promise<PlaceOption[]> {
  if (!(await listStates(country))) throw new ValidationError('country', BILLING_MESSAGES.country);
  const cities = await listCities(country, state, q);
  if (!cities) throw new ValidationError('state', BILLING_MESSAGES.state);
  return cities.map((name) => ({ code: name, name }));
}

export const paymentMethodRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const nowIso = () => services.clock().toISOString();

  // ---- saved cards -------------------------------------------------------------------------------------

  const listCards = async (request: FastifyRequest, reply: FastifyReply) => ok<SavedCardView[]>(reply, await savedCards(db(), requireCaller(request).userId));
  const cardsAnswer = { schema: { response: { 200: answer(savedCardsShape) } } };
  app.get('/api/ccbill/get-payment-card', cardsAnswer, listCards);
  app.get('/api/v2/get-payment-card', cardsAnswer, listCards);

  /**
   * The default payment method names a card (it is the primary card whenever the fan pays by card): when the
   * primary changes while the fan pays by card, the default follows it, so /api/users/me stays right.
   */
  async function followPrimary(ctx: CommandContext, userId: string, primaryCardId: string | null) {
    const wallet = await findWallet(db(), userId);
    if (wallet?.default_method !== 'card' || !primaryCardId || wallet.default_card_id === primaryCardId) return;
    const effective = wallet.default_card_id ? { kind: 'card' as const, cardId: wallet.default_card_id } : null;
    await setDefaultPaymentMethod(ctx, userId, { kind: 'card', cardId: primaryCardId }, effective);
  }

  app.post('/api/v2/purchase/add-new-card', { schema: { body: addCardBody, response: { 200: answer(savedCard.optional()) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { make_primary, ...form } = request.body;
    const ctx = contextFor(request, services);
    const card = await addCard(ctx, services.purchases, caller.userId, form, make_primary);
    await settle(services, ctx);
    const cards = await savedCards(db(), caller.userId);
    const view = cards.find((c) => c._id === card.cardId);
    if (view?.is_primary) {
      await followPrimary(ctx, caller.userId, view._id);
      await settle(services, ctx);
    }
    return ok(reply, view, { message: 'Card added successfully.', position: ctx.lastPosition });
  });

  app.post('/api/ccbill/set-primary-card', { schema: { body: cardIdBody, response: cardsAnswer.schema.response } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { card_id } = request.body;
    const ctx = contextFor(request, services);
    await setPrimaryCard(ctx, caller.userId, card_id);
    await followPrimary(ctx, caller.userId, card_id);
    await settle(services, ctx);
    return ok(reply, await savedCards(db(), caller.userId), { message: 'Primary card updated successfully.', position: ctx.lastPosition });
  });

  /** A running, renewing, paid membership that is not paid from the wallet renews by card. */
  async function membershipRenewsByCard(userId: string): Promise<boolean> {
    const [sub, wallet] = await Promise.all([findSubscriber(db(), userId), findWallet(db(), userId)]);
    if (!sub || subscriberStatus(sub, nowIso()) !== 'active') return false;
    if (!sub.next_billing_at || sub.payment_method === 'complimentary') return false;
    return wallet?.default_method !== 'crypto_currency';
  }

  app.post('/api/ccbill/remove-card', { schema: { body: cardIdBody, response: cardsAnswer.schema.response } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { card_id } = request.body;
    const ctx = contextFor(request, services);
    const result = await removeCard(ctx, caller.userId, card_id, await membershipRenewsByCard(caller.userId));
    await followPrimary(ctx, caller.userId, result.state.primaryCardId);
    await settle(services, ctx);
    return ok(reply, await savedCards(db(), caller.userId), { message: 'Card removed successfully.', position: ctx.lastPosition });
  });

  // ---- billing lookups (packaged data set) --------------------------------------------------------------

  app.get('/api/places/countries', { schema: { querystring: countriesQuery } }, async (request, reply) => {
    const { q, page, per_page } = request.query;
    warmPlaces(); // a billing form is open: its state and city lookups follow
    const all = (await listCountries(q)).map(({ code, name }) => ({ code, name }));
    return ok<PlacePage<PlaceOption>>(cacheable(reply), pageOf(all, page, per_page));
  });

  app.get('/api/places/states', { schema: { querystring: statesQuery } }, async (request, reply) => {
    const { country, q, page, per_page } = request.query;
    return ok<PlacePage<PlaceOption>>(cacheable(reply), pageOf(await statesOrRefuse(country, q), page, per_page));
  });

  app.get('/api/places/cities', { schema: { querystring: citiesQuery } }, async (request, reply) => {
    const { country, state, q, page, per_page } = request.query;
    return ok<PlacePage<PlaceOption>>(cacheable(reply), pageOf(await citiesOrRefuse(country, state, q), page, per_page));
  });

  /** The caller's country from the packaged GeoIP data (request.ip honours TRUST_PROXY, as everywhere). */
  const myCountry = async (request: FastifyRequest, reply: FastifyReply) => {
    warmPlaces();
    const found = await findCountry(countryOf(request.ip));
    reply.header('cache-control', 'private, no-store');
    return ok<MyCountry>(reply, { country: found?.code ?? null, name: found?.name ?? null });
  };
  app.get('/api/places/my-country', myCountry);
  app.get('/api/ccbill/get-country-from-ip', myCountry);

  app.get('/api/users/get_all_countries', async (_request, reply) => {
    warmPlaces();
    return ok<PlaceOption[]>(cacheable(reply), (await listCountries()).map(({ code, name }) => ({ code, name })));
  });
  app.post('/api/users/get_states_of_country', { schema: { body: specStatesBody } }, async (request, reply) => {
    const { countryId } = request.body;
    return ok<PlaceOption[]>(reply, await statesOrRefuse(countryId));
  });
  app.post('/api/users/get_cities_of_state', { schema: { body: specCitiesBody } }, async (request, reply) => {
    const { countryId, stateId } = request.body;
    return ok<PlaceOption[]>(reply, await citiesOrRefuse(countryId, stateId));
  });
};
