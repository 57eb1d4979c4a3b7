import { lazy, Suspense } from 'react';

import {
  DemandSlotsContext,
  type DemandSlots,
} from '../../features/demands/components/demand-slots.ts';
import BoardsPage from '../../features/demands/pages/boards-page.tsx';
import { RecurrenceMarker } from '../../features/recurrence/components/recurrence-marker.tsx';

const RecurrenceBasesButton = lazy(() =>
  import('../../features/recurrence/components/recurrence-bases.tsx').then((m) => ({
    default: m.RecurrenceBasesButton,
  })),
);

/** What other areas add to Gestão de Demandas: the recurring marker and the board's series. */
const SLOTS: DemandSlots = {
  cardBadges: (m) => <RecurrenceMarker recurrenceId={m.recurrence_id} />,
  boardActions: (boardId) => (
    <Suspense fallback={null}>
      <RecurrenceBasesButton boardId={boardId} />
    </Suspense>
  ),
};

/** Route composition of /eproto/quadros. */
export default function BoardsPageRoute() {
  return (
    <DemandSlotsContext.Provider value={SLOTS}>
      <BoardsPage />
    </DemandSlotsContext.Provider>
  );
}
