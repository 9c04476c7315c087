// Validation of the stagger-message settings (/admin/settings/stagger-message-settings; domain/chat/delivery.ts):
// part of PUT /admin-api/settings/site. The minimum above the maximum is refused by the settings decider.
import { z } from 'zod';
import { delayHoursProblem } from '../../domain/chat/delivery';

const hours = (field: string) =>
  z.number({ error: `${field} must be whole hours between 0 and 720.` }).int({ error: `${field} must be whole hours between 0 and 720.` }).min(0, { error: `${field} must be whole hours between 0 and 720.` }).max(720, { error: `${field} must be whole hours between 0 and 720.` });

/** Spread into SITE_SETTINGS_CHANGES. */
export const STAGGER_SETTINGS_SHAPE = {
  stagger_min_hours: hours('stagger_min_hours'),
  stagger_max_hours: hours('stagger_max_hours'),
  stagger_previous_limit: z.number({ error: 'stagger_previous_limit must be a whole number between 0 and 100.' }).int({ error: 'stagger_previous_limit must be a whole number between 0 and 100.' }).min(0, { error: 'stagger_previous_limit must be a whole number between 0 and 100.' }).max(100, { error: 'stagger_previous_limit must be a whole number between 0 and 100.' }),
  mass_message_default_delay_hours: z.number({ error: 'mass_message_default_delay_hours is invalid.' }).refine((h) => delayHoursProblem(h) === null, { error: 'mass_message_default_delay_hours must be between 0.1 and 8760 hours, with at most one decimal.' }),
};
