// The success answers of api/routes/account-settings.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';
import { staffLink, subscriptionDetail } from './shapes';

const meView = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['user', 'admin', 'super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager', 'support', 'proxy_user']),
  isAdmin: z.boolean(),
  isSubscribedEver: z.boolean(),
  ccbillSubscriptionStatus: z.enum(['0', '1', '2']),
  expiration_date: z.string().nullable(),
  next_billing_date: z.string().nullable(),
  default_payment_method: z.string().nullable(),
  wallet_amount: z.number(),
  wallet_amount_cents: z.number(),
  isRebillFailed: z.boolean(),
  has_complimentary_subscription: z.boolean().optional(),
  subscription_detail: subscriptionDetail.nullable().optional(),
  avatarUrl: z.string().nullable(),
  created_at: z.string(),
  emailOptInStatus: z.string(),
  emailLinkSentAt: z.string().nullable(),
  pendingEmailChange: z.object({ email: z.string(), requested_at: z.string() }).nullable(),
  isPhotoIdAccepted: z.boolean(),
  photoIdStatus: z.enum(['none', 'uploaded', 'accepted']),
  proxyAdminId: z.string().nullable(),
  staff_links: z.array(staffLink).optional(),
});

export const accountSettingsAnswers: RouteAnswers = {
  'POST /api/users/forgot_password': {
    200: answer(z.null()),
  },
  'POST /api/users/check_token/:token': {
    200: answer(z.object({ valid: z.literal(true) })),
  },
  'POST /api/users/reset_password': {
    200: answer(z.object({
      token: z.string(),
      user: meView.nullable(),
      newUser: z.literal(false),
      userUniversalAccountCount: z.number(),
    })),
  },
  'POST /api/users/change_profile_details': {
    200: answer(meView.nullable()),
  },
  'POST /api/change-email-settings/user-change-email-verification': {
    200: answer(z.null()),
  },
  'POST /api/change-email-settings/resend-change-email-request': {
    200: answer(z.null()),
  },
  'POST /api/change-email-settings/dismiss-change-email-request': {
    200: answer(z.null()),
  },
  'POST /api/opt-in-email-settings/update-user-opt-in-status': {
    200: answer(z.object({
      emailOptInStatus: z.enum(['link_sent', 'no_thanks', 'dismissed', 'pending', 'opt_out', 'no_thanks_opt_out', 'opted_in']),
    })),
  },
  'POST /api/opt-in-email-settings/user-opt-in-email-verification': {
    200: answer(z.null()),
  },
  'GET /api/update-opt-in-email-popup-display-status': {
    200: answer(z.object({ displayed: z.literal(true) })),
  },
  'POST /api/users/upload_photo_id': {
    200: answer(z.object({ photoIdStatus: z.literal('uploaded') })),
  },
};
