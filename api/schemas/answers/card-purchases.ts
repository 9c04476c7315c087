// The answers of a post unlock and a tip by card, declared by every route that serves one (200 paid, 402 declined).
import { answer } from '../../openapi-envelopes';
import { declined } from '../purchase-answers';
import { z } from 'zod';
import { hostedRedirect, tipPaid, unlockedPost } from '../card-purchases';

export const unlockAnswers = { 200: answer(unlockedPost), 402: declined(unlockedPost) };
export const tipAnswers = { 200: answer(tipPaid), 402: declined(tipPaid) };
/** CCBill's unlock call: paid by card (as above), or, with `hosted: true`, the redirect to CCBill's page. */
export const unlockOrHostedAnswers = { 200: answer(z.union([unlockedPost, hostedRedirect])), 402: declined(unlockedPost) };
