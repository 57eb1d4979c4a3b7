import { MuralPage } from '../../features/demands/pages/mural-page.tsx';
import { financeHeaderAction, financeRecurrenceSections } from './mural-finance-recurrence.tsx';
import { planningTabs } from './mural-planning-tabs.tsx';

/**
 * Route composition of /eproto/murals/:id. Other areas plug their pieces into the demand
 * page here, without the demands feature importing them (docs/development.md "Demand page
 * slots"): `extraTabs` (Calendário, Gantt), `headerActions` (Enviar ao financeiro) and
 * `sections` (recorrência). Import their components lazily so this page stays small.
 */
export default function MuralPageRoute() {
  return (
    <MuralPage
      headerActions={financeHeaderAction}
      sections={financeRecurrenceSections}
      extraTabs={planningTabs}
    />
  );
}
