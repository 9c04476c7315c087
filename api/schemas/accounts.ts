// Answers of the account routes (api/routes/accounts.ts), for the OpenAPI document; each is held to its wire type.
import { z } from 'zod';
import type { AuthResult } from '../../domain/user/wire';
import type { SameShape } from '../openapi-envelopes';

/** A new session (register, login): the token is also set as the httpOnly session cookie. */
export const authResult = z.object({
  token: z.string().describe('The session token: send it as `Authorization: Bearer <token>` (browsers use the cookie instead).'),
  userId: z.string(),
  url: z.string().describe('Where the fan site goes next when no pre-login route was saved.'),
  showMergePopup: z.literal(false),
  showForgotPasswordPopup: z.literal(false),
  showOldUserMergePopup: z.literal(false),
});
const _authResult: SameShape<z.output<typeof authResult>, AuthResult> = true;
void _authResult;
