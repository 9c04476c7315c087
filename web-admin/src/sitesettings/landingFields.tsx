// Site settings: the landing page (theme 3), the feed's hero banner, social links and payment-card icons
//. Validated again by the server (api/routes/landing.ts LANDING_SETTINGS_SHAPE).
import type { ReactNode } from 'react';
import { BooleanInput, CheckboxGroupInput, maxLength, regex, required, SelectInput, TextInput, type Validator } from 'react-admin';
import {
  BANNER_IMAGE_SLOTS,
  GRID_IMAGE_SLOTS,
  LANDING_DEFAULTS as L,
  PAYMENT_ICON_BRANDS,
  SOCIAL_NETWORKS,
  type SocialUrlKey,
} from '../../../domain/settings/landing';
import type { SiteSettings } from '../../../domain/settings/settings';
import { ColorInput, isHexColor } from '../components/ColorInput';
import { ThemeImageInput, ThemeImageSlotsInput } from './ThemeImageInput';

export type LandingTab = 'landing' | 'banner';

type Add = (
  def: { tab: LandingTab; source: keyof SiteSettings; label: string; help: string; shownDefault: string },
  input: (helperText: string) => ReactNode,
) => void;

const onOff = (v: boolean) => (v ? 'on' : 'off');
/** How a default text reads in the help line: short ones as they are, long ones summarised. */
const sample = (v: string) => (!v ? 'empty' : v.length > 40 ? 'a short sample text' : v.replace(/\.$/, ''));
const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const wide = { width: { xs: '100%', sm: 480 } };
const narrow = { width: { xs: '100%', sm: 360 } };

const link: Validator = regex(/^(https?:\/\/[^\s"'<>\\]+|\/media\/[A-Za-z0-9][A-Za-z0-9/_.-]*)$/, 'Enter a link starting with https:// (or an uploaded file).');
const webLink: Validator = regex(/^https?:\/\/[^\s"'<>\\]+$/, 'Enter a link starting with https://');
const optionalColour: Validator = (v: unknown) => (v == null || v === '' ? undefined : isHexColor(v));
const fontName: Validator = regex(/^[\w\s"',.-]+$/, 'Enter a font name, e.g. Inter, sans-serif');

const ALIGNMENTS = [
  { id: 'left', name: 'Left' },
  { id: 'center', name: 'Centre' },
  { id: 'right', name: 'Right' },
  { id: 'justify', name: 'Justified' },
];
const BANNER_TYPES = [
  { id: 'image', name: 'Image' },
  { id: 'video', name: 'Video' },
];
const SOCIAL_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  twitch: 'Twitch',
  discord: 'Discord',
  snapchat: 'Snapchat',
  youtube: 'YouTube',
  website: 'Website',
  amazon_wishlist: 'Amazon wishlist',
};
const CARD_LABELS: Record<(typeof PAYMENT_ICON_BRANDS)[number], string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners_club: 'Diners Club',
  maestro: 'Maestro',
};

export function landingFieldDefs(add: Add) {
  const flag = (tab: LandingTab, source: keyof SiteSettings & keyof typeof L, label: string, help: string) =>
    add({ tab, source, label, help, shownDefault: onOff(L[source] as boolean) }, h => <BooleanInput source={source} label={label} helperText={h} />);
  const text = (tab: LandingTab, source: keyof SiteSettings & keyof typeof L, label: string, help: string, max: number, opts: { multiline?: boolean; isRequired?: boolean } = {}) =>
    add({ tab, source, label, help, shownDefault: sample(String(L[source])) }, h => (
      <TextInput
        source={source}
        label={label}
        helperText={h}
        multiline={opts.multiline}
        minRows={opts.multiline ? 3 : undefined}
        validate={opts.isRequired ? [required(), maxLength(max)] : maxLength(max)}
        sx={opts.multiline ? { width: '100%', maxWidth: 640 } : wide}
      />
    ));
  const video = (tab: LandingTab, source: keyof SiteSettings, label: string, help: string) =>
    add({ tab, source, label, help, shownDefault: 'none' }, h => <TextInput source={source} label={label} helperText={h} parse={emptyToNull} validate={link} sx={wide} />);
  const image = (tab: LandingTab, source: keyof SiteSettings, label: string, help: string) =>
    add({ tab, source, label, help, shownDefault: 'none' }, h => <ThemeImageInput source={source} label={label} helperText={h} />);
  const align = (tab: LandingTab, source: keyof SiteSettings & keyof typeof L, label: string) =>
    add({ tab, source, label, help: 'How the description lines up.', shownDefault: String(L[source]) }, h => (
      <SelectInput source={source} label={label} helperText={h} choices={ALIGNMENTS} validate={required()} sx={narrow} />
    ));

  // ---- Landing page (theme 3) -----------------------------------------------------------------------------
  flag('landing', 'landing_page_enabled', 'Landing page', 'Guests opening the site see the landing page instead of the feed. It is always at /landing.');
  text('landing', 'log_in_navbar_name', 'Log in label', 'The log in link in the navigation bars.', 30, { isRequired: true });
  text('landing', 'sign_up_navbar_name', 'Sign up label', 'The sign up link in the navigation bars.', 30, { isRequired: true });
  flag('landing', 'theme3_top_banner_enabled', 'Top video banner', 'A full-screen video with the model name, subscribe and log in buttons.');
  video('landing', 'theme3_top_banner_video_url', 'Top banner video', 'Link to an MP4 video (desktop).');
  video('landing', 'theme3_top_banner_mobile_video_url', 'Top banner video (phones)', 'Used below 999 px wide; empty uses the desktop video.');
  flag('landing', 'theme3_main_banner_enabled', 'Main banner', 'The model name, subscribe button, social icons, log in and sign up links.');
  add({ tab: 'landing', source: 'theme3_main_banner_type', label: 'Main banner background', help: 'An image or a video behind the model name.', shownDefault: L.theme3_main_banner_type }, h => (
    <SelectInput source="theme3_main_banner_type" label="Main banner background" helperText={h} choices={BANNER_TYPES} validate={required()} sx={narrow} />
  ));
  image('landing', 'theme3_main_banner_image_url', 'Main banner image', 'PNG or JPG, landscape works best.');
  video('landing', 'theme3_main_banner_video_url', 'Main banner video', 'Link to an MP4 video (desktop).');
  video('landing', 'theme3_main_banner_mobile_video_url', 'Main banner video (phones)', 'Used below 999 px wide.');
  text('landing', 'theme3_model_first_name', 'First name', 'Shown small above the last name; empty splits the model name.', 40);
  text('landing', 'theme3_model_last_name', 'Last name', 'Shown large.', 40);
  flag('landing', 'theme3_show_social_icons', 'Social icons in the banner', 'The social links (Banner & social tab) under the subscribe button.');
  for (const n of [1, 2] as const) {
    flag('landing', `theme3_section${n}_enabled` as const, `Section ${n}`, n === 1 ? 'Image, title and description.' : 'Title, description, subscribe button and image.');
    text('landing', `theme3_section${n}_title` as const, `Section ${n} title`, 'A short heading.', 120);
    text('landing', `theme3_section${n}_description` as const, `Section ${n} description`, 'A few sentences.', 2000, { multiline: true });
    align('landing', `theme3_section${n}_alignment` as const, `Section ${n} alignment`);
    image('landing', `theme3_section${n}_image_url` as const, `Section ${n} image`, 'PNG or JPG, portrait works best.');
  }
  flag('landing', 'theme3_grid_enabled', 'Image grid', 'Six images in a grid.');
  add({ tab: 'landing', source: 'theme3_grid_images', label: 'Grid images', help: 'Up to six PNG or JPG images, square works best.', shownDefault: 'none' }, h => (
    <ThemeImageSlotsInput source="theme3_grid_images" label="Grid images" helperText={h} slots={GRID_IMAGE_SLOTS} />
  ));
  flag('landing', 'theme3_section3_enabled', 'Section 3', 'Title, description and a subscribe button.');
  text('landing', 'theme3_section3_title', 'Section 3 title', 'A short heading.', 120);
  text('landing', 'theme3_section3_description', 'Section 3 description', 'A few sentences.', 2000, { multiline: true });
  align('landing', 'theme3_section3_alignment', 'Section 3 alignment');
  add({ tab: 'landing', source: 'theme3_background_color', label: 'Landing background colour', help: 'Empty uses the site background colour.', shownDefault: 'the site colour' }, h => (
    <ColorInput source="theme3_background_color" label="Landing background colour" helperText={h} validate={optionalColour} parse={emptyToNull} />
  ));
  add({ tab: 'landing', source: 'theme3_text_color', label: 'Landing text colour', help: 'Empty uses the site text colour. Unreadable colours are replaced.', shownDefault: 'the site colour' }, h => (
    <ColorInput source="theme3_text_color" label="Landing text colour" helperText={h} validate={optionalColour} parse={emptyToNull} />
  ));
  for (const [source, label] of [
    ['theme3_heading_font', 'Heading font'],
    ['theme3_body_font', 'Text font'],
  ] as const) {
    add({ tab: 'landing', source, label, help: 'A font name installed on most devices, e.g. Georgia, serif. Empty uses the site font.', shownDefault: 'the site font' }, h => (
      <TextInput source={source} label={label} helperText={h} parse={emptyToNull} validate={[maxLength(200), fontName]} sx={wide} />
    ));
  }

  // ---- Hero banner on the feed, social links, payment icons -----------------------------------------------
  flag('banner', 'banner_enabled', 'Hero banner', 'Shown above the feed to guests and fans who are not members yet.');
  add({ tab: 'banner', source: 'banner_type', label: 'Banner background', help: 'Rotating images or a video.', shownDefault: L.banner_type }, h => (
    <SelectInput source="banner_type" label="Banner background" helperText={h} choices={BANNER_TYPES} validate={required()} sx={narrow} />
  ));
  add({ tab: 'banner', source: 'banner_images', label: 'Banner images', help: 'Up to five PNG or JPG images; they rotate every few seconds. Without any, the banner is a compact card.', shownDefault: 'none' }, h => (
    <ThemeImageSlotsInput source="banner_images" label="Banner images" helperText={h} slots={BANNER_IMAGE_SLOTS} />
  ));
  video('banner', 'banner_video_url', 'Banner video', 'Link to an MP4 video (desktop).');
  video('banner', 'banner_mobile_video_url', 'Banner video (phones)', 'Used below 999 px wide.');
  image('banner', 'banner_logo_url', 'Banner logo', 'Optional PNG (transparent) or JPG shown above the text.');
  text('banner', 'banner_text', 'Banner text', 'One or two sentences under the name.', 300, { multiline: true });
  add({ tab: 'banner', source: 'banner_height', label: 'Banner height', help: 'Four sizes separated by |, for phones, tablets, laptops and large screens (320, 767, 1024, 1440 px).', shownDefault: L.banner_height }, h => (
    <TextInput
      source="banner_height"
      label="Banner height"
      helperText={h}
      validate={[required(), regex(/^\d{1,4}(px|vh|%)(\|\d{1,4}(px|vh|%)){3}$/, 'Four sizes separated by |, e.g. 240px|300px|340px|380px')]}
      sx={narrow}
    />
  ));
  for (const n of SOCIAL_NETWORKS) {
    const source = `${n}_url` as SocialUrlKey;
    add({ tab: 'banner', source, label: SOCIAL_LABELS[n], help: `Link to your ${SOCIAL_LABELS[n]} page; empty hides the icon.`, shownDefault: 'none' }, h => (
      <TextInput source={source} label={SOCIAL_LABELS[n]} helperText={h} parse={emptyToNull} validate={webLink} sx={wide} />
    ));
  }
  flag('banner', 'show_payment_icons', 'Payment card icons', 'Show the cards you accept on the feed, the landing page and the footer.');
  add({ tab: 'banner', source: 'payment_icons', label: 'Cards shown', help: 'Which card icons to show.', shownDefault: L.payment_icons.join(', ') }, h => (
    <CheckboxGroupInput source="payment_icons" label="Cards shown" helperText={h} choices={PAYMENT_ICON_BRANDS.map(id => ({ id, name: CARD_LABELS[id] }))} />
  ));
}
