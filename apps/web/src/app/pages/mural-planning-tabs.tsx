import { lazy, Suspense } from 'react';

import { PageLoader } from '../../components/page-loader.tsx';
import type { MuralExtraTab } from '../../features/demands/pages/mural-page.tsx';

const MuralCalendarTab = lazy(
  () => import('../../features/planning/components/mural-calendar-tab.tsx'),
);
const MuralGanttTab = lazy(() => import('../../features/planning/components/mural-gantt-tab.tsx'));

/** Demand page tabs of the planning area: "Calendário" and "Gantt" (each loads on open). */
export const planningTabs: MuralExtraTab[] = [
  {
    value: 'calendario',
    label: 'Calendário',
    render: (mural) => (
      <Suspense fallback={<PageLoader />}>
        <MuralCalendarTab muralId={mural.id} contratoId={mural.contract_id} />
      </Suspense>
    ),
  },
  {
    value: 'gantt',
    label: 'Gantt',
    render: (mural) => (
      <Suspense fallback={<PageLoader />}>
        <MuralGanttTab
          muralId={mural.id}
          contratoId={mural.contract_id}
          diasUteis={mural.dias_uteis}
          canEdit={mural.permissions.edit}
          canPlan={mural.permissions.edit || mural.permissions.edit_tasks}
        />
      </Suspense>
    ),
  },
];
