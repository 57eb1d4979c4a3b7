import type { Mural } from '@eproto/domain';
import { lazy, Suspense } from 'react';

const SendToFinanceButton = lazy(() =>
  import('../../features/finance/components/send-to-finance-button.tsx').then((m) => ({
    default: m.SendToFinanceButton,
  })),
);
const FinanceSection = lazy(() =>
  import('../../features/finance/components/finance-section.tsx').then((m) => ({
    default: m.FinanceSection,
  })),
);
const RecurrenceSection = lazy(() =>
  import('../../features/recurrence/components/recurrence-section.tsx').then((m) => ({
    default: m.RecurrenceSection,
  })),
);

/** Demand page header action of the finance area: "Enviar ao financeiro". */
export function financeHeaderAction(mural: Mural) {
  return (
    <Suspense fallback={null}>
      <SendToFinanceButton muralId={mural.id} />
    </Suspense>
  );
}

/** Demand page sections of the finance and recurrence areas. */
export function financeRecurrenceSections(mural: Mural) {
  return (
    <Suspense fallback={null}>
      <FinanceSection muralId={mural.id} />
      <RecurrenceSection mural={mural} />
    </Suspense>
  );
}
