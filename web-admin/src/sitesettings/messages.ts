// The spec's answers to a settings save ('update settings successfully.' /
// 'Error in update settings.'), shown by every settings page of the console.
export const SETTINGS_SAVED = 'update settings successfully.';
export const SETTINGS_FAILED = 'Error in update settings.';
