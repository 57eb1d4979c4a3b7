import {
  DemandSlotsContext,
  type DemandSlots,
} from '../../features/demands/components/demand-slots.ts';
import BoardsPage from '../../features/demands/pages/boards-page.tsx';
import { RecurrenceBasesButton } from '../../features/recurrence/components/recurrence-bases-button.tsx';
import { RecurrenceMarker } from '../../features/recurrence/components/recurrence-marker.tsx';

/** What other areas add to Gestão de Demandas: the recurring marker and the board's series. */
const SLOTS: DemandSlots = {
  cardBadges: (m) => <RecurrenceMarker recurrenceId={m.recurrence_id} />,
  // The button paints with the board; its panel (and zod, with the rules) loads at the tap.
  boardActions: (boardId) => <RecurrenceBasesButton boardId={boardId} />,
};

/** Route composition of /eproto/quadros. */
export default function BoardsPageRoute() {
  return (
    <DemandSlotsContext.Provider value={SLOTS}>
      <BoardsPage />
    </DemandSlotsContext.Provider>
  );
}
