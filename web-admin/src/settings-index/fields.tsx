// Every site setting the console edits through PUT /admin-api/settings/site, as one input each with its label,
// a one-line help text and its default. The settings pages (registry.ts) pick their inputs from here by key;
// the server validates everything again (api/schemas/site-settings.ts, the allow-list).
import type { ReactNode } from 'react';
import { InputAdornment } from '@mui/material';
import {
  BooleanInput, maxLength, maxValue, minValue, NumberInput, regex, required, SelectInput, TextInput, type Validator,
} from 'react-admin';
import { DEFAULT_SETTINGS as D, type SiteSettings } from '../../../domain/settings/settings';
import { FOUR_SIZES, GA4_MEASUREMENT_ID } from '../../../domain/settings/appearance';
import { ColorInput, isHexColor } from '../components/ColorInput';
import { notBelow } from '../components/rangeValidators';
import { money } from '../format';
import { landingFieldDefs } from '../sitesettings/landingFields';
import { watermarkFieldDefs } from '../sitesettings/watermarkFields';
import { walletFieldDefs } from '../wallet/walletFields';
import { chatFieldDefs } from '../sitesettings/chatFields';
import { ThemeImageInput } from '../sitesettings/ThemeImageInput';

export type SettingKey = keyof SiteSettings;
/** The settings that are on or off. */
type OnOffKey = { [K in SettingKey]: SiteSettings[K] extends boolean ? K : never }[SettingKey];

export interface FieldDef {
  source: SettingKey;
  label: string;
  help: string;
  /** How the default reads in the help line. */
  shownDefault: string;
  input: ReactNode;
}

const onOff = (v: boolean) => (v ? 'on' : 'off');
const narrow = { width: { xs: '100%', sm: 360 } };
const wide = { width: { xs: '100%', sm: 480 } };
const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const integer: Validator = (value: unknown) => (value == null || value === '' || Number.isInteger(Number(value)) ? undefined : 'Enter a whole number');
const optionalColour: Validator = (v: unknown) => (v == null || v === '' ? undefined : isHexColor(v));
const centsToDollars = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v / 100 : v == null ? '' : v);
const dollarsToCents = (v: unknown) => {
  if (v === '' || v == null) return null;
  const n = typeof v === 'number' ? v : parseFloat(String(v));
  return Number.isFinite(n) ? Math.round(n * 100) : null;
};
const dollar = { input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } };
const px = { input: { endAdornment: <InputAdornment position="end">px</InputAdornment> } };
const VISIBILITY = [
  { id: 'everyone', name: 'Everyone' },
  { id: 'registered_and_subscribers', name: 'Signed-in fans and members' },
  { id: 'subscribers', name: 'Members only' },
];

/** All inputs, keyed by setting (built once; the pages render the ones they list). */
export function buildFieldDefs(): Map<SettingKey, FieldDef> {
  const out = new Map<SettingKey, FieldDef>();
  // The per-area builders take a tab from the old single form; the pages now say where each input goes.
  const add = (def: { source: string; label: string; help: string; shownDefault: string }, input: (helperText: string) => ReactNode) => {
    out.set(def.source as SettingKey, { source: def.source as SettingKey, label: def.label, help: def.help, shownDefault: def.shownDefault, input: input(`${def.help} Default: ${def.shownDefault}.`) });
  };
  /** An on/off setting; the switch carries the setting's label. */
  const toggle = (source: OnOffKey, label: string, help: string) =>
    add({ source, label, help, shownDefault: onOff(D[source]) }, h => <BooleanInput source={source} label={label} helperText={h} />);

  // ---- Website ----------------------------------------------------------------------------------------------
  add({ source: 'model_name', label: 'Model name', help: 'The creator name shown across the site and in mails.', shownDefault: D.model_name }, h => (
    <TextInput source="model_name" label="Model name" helperText={h} validate={[required(), maxLength(60)]} sx={wide} />
  ));
  add({ source: 'footer_text_html', label: 'Footer', help: 'HTML shown at the bottom of every page; empty for none.', shownDefault: 'empty' }, h => (
    <TextInput source="footer_text_html" label="Footer (HTML)" helperText={h} multiline minRows={3} fullWidth parse={v => (v === '' ? null : v)} />
  ));
  add({ source: 'google_analytics_4_measurement_id', label: 'Google Analytics 4 measurement id', help: 'The fan site reports page views and purchases (in USD) to this GA4 stream, e.g. G-AB12CD34EF; empty for no analytics.', shownDefault: 'none' }, h => (
    <TextInput
      source="google_analytics_4_measurement_id"
      label="GA4 measurement id"
      helperText={h}
      parse={emptyToNull}
      format={(v: unknown) => (v == null ? '' : String(v))}
      validate={(v: unknown) => (v == null || v === '' || GA4_MEASUREMENT_ID.test(String(v).trim().toUpperCase()) ? undefined : 'Enter a measurement id like G-AB12CD34EF')}
      sx={narrow}
    />
  ));

  toggle('content_manager_can_export_users', 'Content managers may export users', 'Let content managers download the users list as CSV (every export is recorded on the Audit page). Admins always may.');

  // ---- Access -----------------------------------------------------------------------------------------------
  toggle('maintenance_mode', 'Maintenance mode', 'Everyone but admins sees the maintenance page (login stays open).');
  add({ source: 'maintenance_html', label: 'Maintenance page', help: 'HTML of the maintenance page.', shownDefault: 'a short “We will be back soon” page' }, h => (
    <TextInput source="maintenance_html" label="Maintenance page (HTML)" helperText={h} multiline minRows={4} fullWidth validate={required()} />
  ));
  toggle('show_age_modal', 'Age gate', 'Ask guests to confirm their age before entering.');
  add({ source: 'age_gate_age', label: 'Minimum age', help: 'The age the gate asks guests to confirm (18 to 21).', shownDefault: String(D.age_gate_age) }, h => (
    <NumberInput source="age_gate_age" label="Minimum age" helperText={h} min={18} max={21} step={1} validate={[required(), integer, minValue(18), maxValue(21)]} sx={narrow} />
  ));
  add({ source: 'blocked_countries', label: 'Blocked countries', help: 'Two-letter country codes, comma-separated (e.g. US, DE). Visitors from them see a "not available in your region" page; staff keep access.', shownDefault: 'none' }, h => (
    <TextInput
      source="blocked_countries"
      label="Blocked countries"
      helperText={h}
      format={(v: unknown) => (Array.isArray(v) ? v.join(', ') : '')}
      parse={(v: string) => v.split(/[\s,]+/).map(c => c.trim().toUpperCase()).filter(Boolean)}
      validate={(v: unknown) => (Array.isArray(v) && v.some(c => !/^[A-Z]{2}$/.test(String(c))) ? 'Use two-letter country codes, e.g. US, DE.' : undefined)}
      sx={narrow}
    />
  ));
  toggle('enable_socket_debug', 'Socket debug log', 'Write every real-time frame the fan site and the console send and receive to the browser\'s developer console ("[socket]" lines), for tracing a real-time problem. It switches open pages at once; leave it off otherwise.');

  // ---- Content ----------------------------------------------------------------------------------------------
  const visibility = (source: 'like_visibility' | 'comment_visibility', label: string, help: string) =>
    add({ source, label, help, shownDefault: 'everyone' }, h => <SelectInput source={source} label={label} helperText={h} choices={VISIBILITY} validate={required()} sx={narrow} />);
  toggle('enable_public_post', 'Public posts', 'Allow posts everyone can see without a membership.');
  toggle('is_pagination_on_exclusive_content_enabled', 'Paginate exclusive content', 'Load the exclusive-content feed page by page.');
  toggle('show_media_count_in_exclusive_content', 'Photo and video counts', 'Show how many photos and videos a members-only or locked post holds on its card.');
  toggle('feed_tags_enable', 'Feed tags', 'Tag posts and let signed-in fans filter the feed by tag.');
  toggle('is_feed_like_enabled', 'Likes', 'Fans can like posts.');
  visibility('like_visibility', 'Who sees likes', 'Who sees the like counts and may like.');
  toggle('enable_like_count_for_private_locked_post', 'Like counts on locked posts', 'Show like counts on members-only and locked posts to fans who cannot open them.');
  toggle('is_feed_comment_enabled', 'Comments', 'Fans can comment on posts.');
  visibility('comment_visibility', 'Who sees comments', 'Who reads the comments and may write one.');
  toggle('enable_comment_count_for_private_locked_post', 'Comment counts on locked posts', 'Show comment counts on members-only and locked posts to fans who cannot open them.');
  toggle('show_post_timestamp', 'Post dates', 'Show when each post was published ("3 h ago") on the feed and on a post.');
  toggle('show_message_timestamp', 'Message times', 'Show the time of each message in the fans\' chat.');
  toggle('hide_earnings', 'Hide earnings', 'Hide amounts spent and earnings from the model and the content manager: chat amounts, View Purchased, the spend sorts and their reports. Admins always see them; the live-stream manager never does.');

  // ---- Prices and amounts -----------------------------------------------------------------------------------
  const price = (source: 'membership_price_cents' | 'recurring_membership_price_cents', label: string, help: string) =>
    add({ source, label, help, shownDefault: money(D[source]) }, h => (
      <NumberInput source={source} label={label} helperText={h} format={centsToDollars} parse={dollarsToCents} step={0.01} min={0}
        validate={[required(), minValue(1, 'The price must be at least $1.00')]} sx={narrow} slotProps={dollar} />
    ));
  price('membership_price_cents', 'Membership price', 'First payment of a membership, in dollars.');
  price('recurring_membership_price_cents', 'Recurring membership price', 'Each renewal, in dollars.');
  const amount = (source: 'content_unlock_minimum_amount' | 'content_unlock_maximum_amount' | 'tips_minimum_amount' | 'tips_maximum_amount', label: string, help: string) =>
    add({ source, label, help, shownDefault: `$${D[source]}` }, h => (
      <NumberInput source={source} label={label} helperText={h} step={1} min={1}
        validate={[required(), integer, minValue(1), maxValue(10_000), ...(source.endsWith('_maximum_amount') ? [notBelow(source.replace('_maximum_', '_minimum_'))] : [])]} sx={narrow} slotProps={dollar} />
    ));
  amount('content_unlock_minimum_amount', 'Unlock minimum', 'Lowest price of a locked post, whole dollars.');
  amount('content_unlock_maximum_amount', 'Unlock maximum', 'Highest price of a locked post, whole dollars.');
  amount('tips_minimum_amount', 'Tip minimum', 'Smallest tip a fan can send, whole dollars (also the lowest price of a reused post).');
  amount('tips_maximum_amount', 'Tip maximum', 'Largest tip a fan can send, whole dollars (also the highest price of a reused post).');

  // ---- Appearance -------------------------------------------------------------------------------------------
  add({ source: 'theme_color', label: 'Theme colour', help: 'Buttons, links and highlights.', shownDefault: D.theme_color }, h => (
    <ColorInput source="theme_color" label="Theme colour" helperText={h} validate={[required(), (v: unknown) => (/^#[0-9a-f]{6}$/i.test(String(v ?? '')) ? undefined : 'Enter a colour as #rrggbb')]} />
  ));
  const colour = (source: SettingKey, label: string, help: string) =>
    add({ source, label, help, shownDefault: String(D[source]) }, h => <ColorInput source={source} label={label} helperText={h} validate={[required(), isHexColor]} />);
  colour('theme_font_color', 'Button text colour', 'Text on theme-coloured buttons; replaced when unreadable.');
  colour('content_color', 'Page background', 'Behind the feed and every page; a dark colour gives the site a dark look.');
  colour('card_background_color', 'Card background', 'Post cards, dialogs and panels.');
  colour('content_font_color', 'Text colour', 'Captions, comments and body text; replaced when unreadable on the cards.');
  colour('site_font_color', 'Secondary text colour', 'Dates, counts and hints.');
  colour('button_shadow_color', 'Button shadow', 'The glow under main buttons; #rrggbbaa for a see-through one.');
  add({ source: 'font_family', label: 'Font', help: 'A font installed on most devices, with fallbacks, e.g. Georgia, serif.', shownDefault: D.font_family }, h => (
    <TextInput source="font_family" label="Font" helperText={h} validate={[required(), maxLength(200), regex(/^[\w\s"',.-]+$/, 'Enter a font name, e.g. Inter, sans-serif')]} sx={wide} />
  ));
  const image = (source: SettingKey, label: string, help: string) =>
    add({ source, label, help, shownDefault: 'none' }, h => <ThemeImageInput source={source} label={label} helperText={h} />);
  image('model_avatar_url', 'Model profile image', 'The round picture in the top bar, on posts and in chat. PNG or JPG, square works best.');
  image('model_cover_url', 'Cover image', 'The wide picture over the feed. PNG or JPG, landscape works best.');
  toggle('theme2_enabled', 'Theme 2', 'The feed opens with a full-width banner and the profile image over it, instead of the cover header.');
  image('theme2_banner_image_url', 'Theme 2 banner', 'Wide PNG or JPG (about 1600 × 500) for tablets and computers.');
  image('theme2_banner_mobile_image_url', 'Theme 2 banner (phones)', 'Used below 767 px wide; empty uses the banner above.');
  image('theme2_profile_image_url', 'Theme 2 profile image', 'The round picture over the banner; empty uses the model profile image.');
  toggle('use_background_image', 'Background image', 'Show the image below behind the fan site\'s pages (the page background colour stays under it).');
  image('background_image_url', 'Background image file', 'PNG or JPG; it covers the page and stays in place while the feed scrolls.');
  const formColour = (source: SettingKey, label: string, help: string) =>
    add({ source, label, help, shownDefault: 'the theme\'s' }, h => <ColorInput source={source} label={label} helperText={h} validate={optionalColour} parse={emptyToNull} />);
  formColour('payment_form_bg_color', 'Form background', 'Behind the card form on the subscribe page; empty uses the card background.');
  formColour('payment_form_text_color', 'Form text colour', 'Labels and text in the card form; empty uses the text colour.');
  formColour('payment_form_btn_bg_color', 'Pay button colour', 'The pay button; empty uses the theme colour.');
  formColour('payment_form_btn_text_color', 'Pay button text colour', 'Text on the pay button; empty uses the button text colour.');
  const pixels = (source: 'payment_form_border_radius' | 'payment_form_padding', label: string, help: string, max: number) =>
    add({ source, label, help: `${help}, 0 to ${max} px.`, shownDefault: `${D[source]} px` }, h => (
      <NumberInput source={source} label={label} helperText={h} min={0} max={max} step={1} validate={[required(), integer, minValue(0), maxValue(max)]} sx={narrow} slotProps={px} />
    ));
  pixels('payment_form_border_radius', 'Form corner radius', 'Rounding of the form\'s corners', 40);
  pixels('payment_form_padding', 'Form padding', 'Space inside the form', 60);
  const sizes = (source: 'new_signup_design_title_font_size' | 'new_signup_design_description_font_size', label: string, help: string) =>
    add({ source, label, help: `${help} Four sizes separated by |, for phones, tablets, laptops and large screens (from 0, 767, 1024 and 1440 px).`, shownDefault: D[source] }, h => (
      <TextInput source={source} label={label} helperText={h} validate={[required(), regex(FOUR_SIZES, 'Four sizes separated by |, e.g. 55px|65px|75px|85px')]} sx={narrow} />
    ));
  sizes('new_signup_design_title_font_size', 'Title size', 'The sign-up page\'s title.');
  sizes('new_signup_design_description_font_size', 'Description size', 'The line under the title.');
  const pageTitle = (source: 'login_page_title' | 'signup_page_title', label: string, help: string) =>
    add({ source, label, help, shownDefault: D[source] }, h => <TextInput source={source} label={label} helperText={h} validate={[required(), maxLength(60)]} sx={narrow} />);
  pageTitle('login_page_title', 'Login page title', 'The heading of the login page.');
  pageTitle('signup_page_title', 'Sign-up page title', 'The heading of the sign-up page.');

  landingFieldDefs(add);
  watermarkFieldDefs(add);
  walletFieldDefs(add);
  chatFieldDefs(add);
  return out;
}
