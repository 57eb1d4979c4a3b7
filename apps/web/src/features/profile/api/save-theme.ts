import type { Theme } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';

/** PATCH /profile {theme} — remembers the theme on the account; failures only get logged. */
export function saveTheme(theme: Theme): void {
  api.patch('/profile', { theme }).catch((error: unknown) => {
    console.warn('Não foi possível salvar o tema na conta', error);
  });
}
