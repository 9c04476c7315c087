// The setup wizard's "Finish later" (POST /admin-api/setup/dismiss): the step the admin stopped at.
import { z } from 'zod';
import { SETUP_MESSAGES, SETUP_STEPS } from '../../domain/console/setup';

export const setupDismissBody = z.object({ step: z.enum(SETUP_STEPS, { error: SETUP_MESSAGES.step }) });
