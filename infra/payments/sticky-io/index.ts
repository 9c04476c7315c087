// Sticky.io (formerly Lime Light CRM): a card provider over its JSON API v1 and a verifier of its postbacks.
export { createStickyIoProvider, CardRefused, STICKY_IO, type StickyIoOptions } from './provider';
export { createStickyIoNoticeVerifier, type StickyIoNoticeOptions } from './notices';
export { checkStickyIoSettings, type StickyIoSettings } from './settings';
