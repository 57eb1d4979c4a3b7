import type { Page } from '@playwright/test';

/** True once a query whose key holds this value is kept in the phone's IndexedDB cache. */
export function keptOnPhone(page: Page, part: string | number) {
  return page.evaluate(
    (p) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('eproto-cache');
        open.onsuccess = () => {
          const req = open.result
            .transaction('queries', 'readonly')
            .objectStore('queries')
            .get('query-client');
          req.onsuccess = () => {
            const kept = req.result as
              { clientState: { queries: { queryKey: unknown[] }[] } } | undefined;
            open.result.close();
            resolve(!!kept?.clientState.queries.some((q) => q.queryKey.includes(p)));
          };
          req.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
    part,
  );
}
