import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';

import { useKeptCacheRestoring } from '../lib/offline/query-persistence.ts';
import { queryClient } from '../lib/query-client.ts';
import { AppRoutes } from './app-routes.tsx';
import { RootLayout } from './root-layout.tsx';

export function App() {
  // The technician's data is kept in IndexedDB and shown offline (lib/offline): src/main.tsx
  // restores it before the first render; until it has, queries wait for it.
  const restoring = useKeptCacheRestoring();
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={restoring}>
        <BrowserRouter>
          <RootLayout>
            <AppRoutes />
          </RootLayout>
        </BrowserRouter>
      </IsRestoringProvider>
    </QueryClientProvider>
  );
}
