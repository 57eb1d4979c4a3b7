import type { AgendaService } from '../agenda/agenda.service.ts';
import type { EpiService } from '../epi/epi.service.ts';
import type { FleetService } from '../fleet/fleet.service.ts';
import type { InventoryService } from '../inventory/inventory.service.ts';
import type { createMuralsListService } from '../murals/murals-list.service.ts';
import type { MuralsService } from '../murals/murals.service.ts';
import type { createMuralTasksService } from '../protocols/mural-tasks.service.ts';
import type { ProtocolsService } from '../protocols/protocols.service.ts';
import type { createReviewsService } from '../reviews/reviews.service.ts';
import type { DemandItemAccess } from '../work-items/work-item-kind.ts';
import type { WorkItemThread } from '../work-items/work-item-thread.ts';

/**
 * The services the assistant reads and acts through: the ones buildServices made (the same
 * the API's routes run), never its own copies.
 */
export interface AssistantServices {
  agenda: AgendaService;
  epi: EpiService;
  fleet: FleetService;
  inventory: InventoryService;
  murals: MuralsService;
  muralsList: ReturnType<typeof createMuralsListService>;
  muralTasks: ReturnType<typeof createMuralTasksService>;
  protocols: ProtocolsService;
  reviews: ReturnType<typeof createReviewsService>;
  threads: { murals: WorkItemThread<'mural_id', DemandItemAccess> };
}
