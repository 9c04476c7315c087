// The new-register-page flow: after registering, new fans go to the creator's external page.

export const NEW_REGISTER_PAGE_INVALID = 'The page after registration must be an https:// address.';

/** An external page new fans may be sent to: an absolute https address with a host, no credentials, no spaces. */
export function isExternalRegisterPage(url: string): boolean {
  const m = /^https:\/\/([^/?#\s@]+)([/?#][^\s]*)?$/i.exec(url);
  return !!m && url.length <= 500 && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(m[1]) && m[1].includes('.');
}
