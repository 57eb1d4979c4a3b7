import type { OsFilters } from './get-service-orders.ts';

/**
 * Query keys of service orders. 'service-order.changed' on the push channel refetches every
 * query under ['service-orders'] (lib/changes/change-effects.ts).
 */
export const OS_KEY = ['service-orders'] as const;
export const osKey = (id: number) => [...OS_KEY, 'detail', id] as const;
export const osListKey = (q: OsFilters) => [...OS_KEY, 'list', q] as const;
export const serviceTypesKey = [...OS_KEY, 'types'] as const;
export const serviceTypeKey = (id: number) => [...OS_KEY, 'types', id] as const;

/** Kind of every queued OS write (outbox): the OS page finds its pending steps by it. */
export const OS_STEP_WRITE = 'os.step';
