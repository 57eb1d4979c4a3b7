import type { MuralSummary } from '@eproto/domain';
import type { ReactNode } from 'react';
import { createContext } from 'react';

/**
 * Places where other areas plug into the kanban and the board toolbar without this feature
 * importing them; the route layer (src/app/pages) provides the value.
 */
export interface DemandSlots {
  /** Small markers beside a card's #id (e.g. the recurring-series icon). */
  cardBadges?: (mural: MuralSummary) => ReactNode;
  /** Buttons in the toolbar of the selected board (e.g. "Recorrentes"). */
  boardActions?: (boardId: number) => ReactNode;
}

export const DemandSlotsContext = createContext<DemandSlots>({});
