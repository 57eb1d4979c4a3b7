import { isFinanceRole } from '@eproto/domain';

import MuralsPage from '../../features/demands/pages/murals-page.tsx';
import { preloadable } from '../../lib/preloadable.ts';
import { useSession } from '../../lib/session.ts';

// Finance people's tabs (Mantine Tabs, their counters and panels) in a chunk of their own: the
// field team and the gestores, who land on the plain list, do not download them (issue 33).
const FinanceTabs = preloadable(() => import('./finance-tabs.tsx'));

/** Route composition of /eproto/murals: finance people also get the finance view. */
export default function MuralsPageRoute() {
  const { user } = useSession();
  return isFinanceRole(user?.rawType) ? <FinanceTabs /> : <MuralsPage />;
}
