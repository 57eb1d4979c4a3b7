import { MuralPage } from '../../features/demands/pages/mural-page.tsx';
import { financeHeaderAction, financeRecurrenceSections } from './mural-finance-recurrence.tsx';
import { planHeaderAction } from './mural-plan-action.tsx';
import { planningTabs } from './mural-planning-tabs.tsx';

/**
 * Route composition of /eproto/murals/:id. Other areas plug their pieces into the demand
 * page here, without the demands feature importing them (docs/development.md "Demand page
 * slots"): `extraTabs` (Calendário, Gantt), `headerActions` (Enviar ao financeiro, Plano) and
 * `sections` (recorrência). Import their components lazily so this page stays small.
 */
export default function MuralPageRoute() {
  return (
    <MuralPage
      headerActions={(mural) => (
        <>
          {financeHeaderAction(mural)}
          {planHeaderAction(mural)}
        </>
      )}
      sections={financeRecurrenceSections}
      extraTabs={planningTabs}
    />
  );
}
