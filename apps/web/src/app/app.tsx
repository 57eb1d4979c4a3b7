import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { BrowserRouter } from 'react-router';

import { persistOptions } from '../lib/offline/query-persistence.ts';
import { queryClient } from '../lib/query-client.ts';
import { AppRoutes } from './app-routes.tsx';
import { RootLayout } from './root-layout.tsx';

export function App() {
  return (
    // The technician's data is kept in IndexedDB and shown offline (lib/offline).
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <BrowserRouter>
        <RootLayout>
          <AppRoutes />
        </RootLayout>
      </BrowserRouter>
    </PersistQueryClientProvider>
  );
}
