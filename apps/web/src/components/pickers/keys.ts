/**
 * One query key per picker, shared by every feature that shows it, so a list is fetched once.
 * Each sits under its area's prefix so the area's change events refresh it
 * (lib/changes/change-effects.ts), and every one is kept offline (lib/offline/query-persistence.ts).
 */
export const PICKER_KEYS = {
  people: ['people', 'picker'],
  vehicles: ['fleet', 'picker'],
  contracts: ['contracts', 'picker'],
  contractAccess: ['contracts', 'access'],
  materials: ['inventory', 'picker'],
} as const;

/** Pickers change seldom: read again after five minutes, or when their area changes. */
export const PICKER_STALE = 5 * 60_000;

/** A select option of a row: its id as text and the label shown. */
export const toOption = (id: number, label: string) => ({ value: String(id), label });
