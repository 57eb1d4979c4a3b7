import { can } from '@eproto/domain';
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';

import { ListLoading } from '../../../components/list-states.tsx';
import { useSession } from '../../../lib/session.ts';
import { useEpiAlerts } from '../api/get-epi-alerts.ts';
import { MyEpiView } from '../components/my-epi-view.tsx';
import { subjectOf } from '../../../lib/permission-subject.ts';

// The gestores' view (alerts, tabs, and the tabs' forms, schemas, tables) and the ficha download
// with their first use: a technician opening "Meus EPIs" on the phone does not pay for them
// (issue 33).
const EpiManagerView = lazy(() => import('../components/epi-manager-view.tsx'));
const FichaView = lazy(() =>
  import('../components/ficha-view.tsx').then((m) => ({ default: m.FichaView })),
);
const loading = <ListLoading rows={5} />;

/** A tab another area plugs in from the route layer (SST: "Treinamentos e ASO"). */
export interface EpiExtraTab {
  value: string;
  label: string;
  icon: ReactNode;
  render: () => ReactNode;
}

/**
 * /tatico/epi — gestores manage catalogue and deliveries; everyone sees their own EPIs.
 * `extraTabs` and `mineExtra` (shown under one's own EPIs once they have settled and idled)
 * come from app/pages.
 */
export default function EpiPage({
  extraTabs = [],
  mineExtra,
}: {
  extraTabs?: EpiExtraTab[];
  mineExtra?: ReactNode;
}) {
  const { user } = useSession();
  const [params] = useSearchParams();
  const manager = can(subjectOf(user), 'epi.manage');
  // Asked here, beside the view's download: the alerts' counts widen the tabs, and the row
  // brings the tab chosen by ?aba= into view as it settles (use-selected-tab-in-view.ts).
  useEpiAlerts(manager);
  const ficha = Number(params.get('ficha'));
  if (Number.isInteger(ficha) && ficha > 0)
    return (
      <Suspense fallback={loading}>
        <FichaView userId={ficha} />
      </Suspense>
    );
  if (!manager) return <MyEpiView>{mineExtra}</MyEpiView>;
  return (
    <Suspense fallback={loading}>
      <EpiManagerView extraTabs={extraTabs} mineExtra={mineExtra} />
    </Suspense>
  );
}
