import type { CurrentUser } from '@eproto/domain';
import { MSG, landingPathFor } from '@eproto/domain';

import { setFlash } from '../../../lib/flash.ts';
import { hardRedirect } from '../../../lib/navigation.ts';
import { forgetOfflineCache } from '../../../lib/offline/query-persistence.ts';
import { clearSession } from '../../../lib/session-expiry.ts';
import { setSessionUser } from '../../../lib/session.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { adoptAccountTheme } from './account-theme.ts';

/**
 * What every sign-in does once the server has opened the session (password or single sign-on):
 * forget what this device kept of an earlier person, say so, adopt the account's theme and go
 * to the role's landing page.
 */
export async function finishSignIn(user: CurrentUser): Promise<void> {
  clearSession();
  await forgetOfflineCache();
  setSessionUser(user);
  toastSuccess(MSG.loginOk);
  setFlash(MSG.loginOk);
  await adoptAccountTheme();
  hardRedirect(landingPathFor(user.rawType || user.type));
}
