// Validation of the site configuration pages (api/routes/site-config.ts): SMTP, test mail, platform, SEO and the
// bot check's switch, and the bot-check challenge's query. The messages are the spec's; the rules behind them
// (SMTP host and sender, the language tag, theme image links) are domain/site-config and domain/settings.
import { z } from 'zod';
import { EMAIL_CONFIG_MESSAGES, SMTP_SECURITY } from '../../domain/site-config/email-config';
import { BOT_CHECK_ACTIONS, BOT_CHECK_DIFFICULTY, BOT_CHECK_MESSAGES } from '../../domain/site-config/bot-check';
import { LANGUAGE_TAG } from '../../domain/site-config/seo';
import { THEME_IMAGE_URL } from '../../domain/settings/landing';
import { isValidEmail } from '../../domain/shared/validation';

const text = (field: string, max: number) => z.string({ error: `${field} is invalid.` }).trim().max(max, { error: `${field} cannot be more than ${max} characters.` });

export const emailConfigBody = z.object({
  host: text('host', 253).min(1, { error: EMAIL_CONFIG_MESSAGES.host }),
  port: z.number({ error: EMAIL_CONFIG_MESSAGES.port }).int({ error: EMAIL_CONFIG_MESSAGES.port }),
  security: z.enum(SMTP_SECURITY, { error: 'security must be starttls, tls or none.' }),
  username: text('username', 254).default(''),
  /** Omitted: keep the stored password; '': remove it. Never answered back. */
  password: z.string({ error: 'password is invalid.' }).max(1000, { error: 'password cannot be more than 1000 characters.' }).optional(),
  from_email: text('from_email', 254).min(1, { error: EMAIL_CONFIG_MESSAGES.from }),
  from_name: text('from_name', 100).default(''),
});
export const testMailBody = z.object({ to: text('to', 254).refine(isValidEmail, { error: 'Please enter a valid email.' }) });

const SEO_TITLE_MAX = 70;
const SEO_DESCRIPTION_MAX = 300;
export const seoBody = z.object({
  seo_title: text('seo_title', SEO_TITLE_MAX),
  seo_description: text('seo_description', SEO_DESCRIPTION_MAX),
  seo_image_url: z.preprocess(
    (v) => (v === '' ? null : v),
    z.string().regex(THEME_IMAGE_URL, { error: 'seo_image_url must be an image uploaded here.' }).nullable(),
  ),
  seo_discourage_indexing: z.boolean({ error: 'seo_discourage_indexing must be true or false.' }),
});
export const platformBody = z.object({
  site_url: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/\/+$/, '') : v),
    z.string({ error: 'site_url is invalid.' }).max(200).regex(/^(https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[\w./-]*)?)?$/, { error: 'site_url must be an address like https://fans.example.com (or empty).' }),
  ),
  site_language: z.string({ error: 'site_language is invalid.' }).trim().regex(LANGUAGE_TAG, { error: 'site_language must be a language code like en, de or pt-BR.' }),
});
export const recaptchaBody = z.object({
  is_recaptcha_enabled: z.boolean({ error: 'is_recaptcha_enabled must be true or false.' }),
  bot_check_difficulty: z
    .number({ error: 'bot_check_difficulty must be a number.' })
    .int({ error: 'bot_check_difficulty must be a whole number.' })
    .min(BOT_CHECK_DIFFICULTY.min, { error: `bot_check_difficulty must be from ${BOT_CHECK_DIFFICULTY.min} to ${BOT_CHECK_DIFFICULTY.max}.` })
    .max(BOT_CHECK_DIFFICULTY.max, { error: `bot_check_difficulty must be from ${BOT_CHECK_DIFFICULTY.min} to ${BOT_CHECK_DIFFICULTY.max}.` }),
});

export const challengeQuery = z.object({ action: z.enum(BOT_CHECK_ACTIONS, { error: BOT_CHECK_MESSAGES.action }) });
