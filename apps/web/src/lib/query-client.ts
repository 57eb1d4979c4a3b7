import { QueryClient } from '@tanstack/react-query';

import { ApiError } from './api-error.ts';
import { KeptQueryCache, keepOfflineQueries } from './offline/query-persistence.ts';

export const queryClient = new QueryClient({
  // Kept queries (IndexedDB) enter it as the screen asks for them (issue 33).
  queryCache: new KeptQueryCache(),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => {
        // Answers from the server (4xx) will not change by asking again.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
    // Without signal a mutation fails at once with "sem conexão" instead of waiting forever;
    // writes that must survive go through the outbox (lib/offline/use-outbox-mutation.ts).
    mutations: { retry: false, networkMode: 'always' },
  },
});

keepOfflineQueries(queryClient);
