import type { Mural } from '@eproto/domain';
import { lazy, Suspense } from 'react';

const PlanMenu = lazy(() => import('../../features/plans/components/plan-menu.tsx'));

/** Demand page header action of the plans area: "Plano" (import, export XLSX and MS Project). */
export function planHeaderAction(mural: Mural) {
  return (
    <Suspense fallback={null}>
      <PlanMenu
        muralId={mural.id}
        canPlan={mural.permissions.edit || mural.permissions.edit_tasks}
      />
    </Suspense>
  );
}
