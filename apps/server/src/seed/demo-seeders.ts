import { seedAdministration } from '../modules/admin-users/admin.seed.ts';
import { seedFleet } from '../modules/fleet/fleet.seed.ts';
import { seedInventory } from '../modules/inventory/inventory.seed.ts';
import { seedEpi } from '../modules/epi/epi.seed.ts';
import { seedSst } from '../modules/sst/sst.seed.ts';
import { seedChat } from '../modules/chat/chat.seed.ts';
import { seedRequests } from '../modules/requests/requests.seed.ts';
import { seedAgenda } from '../modules/agenda/agenda.seed.ts';
import type { SeedContext } from './seed-context.ts';
import { seedDemands } from '../modules/murals/murals.seed.ts';
import { seedTasks } from '../modules/protocols/protocols.seed.ts';
import { seedFinance } from '../modules/finance/finance.seed.ts';
import { seedRecurrence } from '../modules/recurrence/recurrence.seed.ts';
import { seedCompany } from '../modules/company/company.seed.ts';
import { seedServiceOrders } from '../modules/service-orders/service-orders.seed.ts';
import { seedSstServiceOrders } from '../modules/sst/sst-os.seed.ts';
import { seedAprPt } from '../modules/sst/apr-pt.seed.ts';
import { seedAssets } from '../modules/assets/assets.seed.ts';
import { seedAssetPlans } from '../modules/assets/assets-plans.seed.ts';
import { seedCosts } from '../modules/costs/costs.seed.ts';

/**
 * Area seeders of the demo company, run in this order inside one transaction after the people
 * are created. Each area adds one line here; the context carries what earlier seeders made.
 */
export const DEMO_SEEDERS: Array<(ctx: SeedContext) => Promise<void>> = [
  seedCompany,
  seedDemands,
  seedTasks,
  seedRecurrence,
  seedFinance,
  seedFleet,
  seedInventory,
  seedEpi,
  seedSst,
  seedAdministration,
  seedChat,
  seedRequests,
  seedAgenda,
  seedServiceOrders,
  seedSstServiceOrders,
  seedAprPt,
  seedAssets,
  seedAssetPlans,
  // Last: it prices what the others created.
  seedCosts,
];
