/** Query keys of the assets feature; invalidating ASSETS_KEY refreshes lists, pages and types. */
export const ASSETS_KEY = ['assets'] as const;
export const assetKey = (id: number) => [...ASSETS_KEY, 'detail', id] as const;
