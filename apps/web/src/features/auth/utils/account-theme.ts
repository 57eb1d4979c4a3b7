import type { Profile } from '@eproto/domain';

import { THEME_STORAGE_KEY } from '../../../app/theme.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * After signing in, the theme saved on the account becomes this device's theme (a new device
 * would otherwise open in the default dark theme). Slow or failed answers keep the device's.
 */
export async function adoptAccountTheme(): Promise<void> {
  try {
    const { theme } = await api.get<Pick<Profile, 'theme'>>('/profile', {
      silent401: true,
      timeoutMs: 3_000,
    });
    if (theme === 'light' || theme === 'dark')
      window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    /* keep the theme this device already had */
  }
}
