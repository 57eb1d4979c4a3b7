import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';

import { queryClient } from '../lib/query-client.ts';
import { AppRoutes } from './app-routes.tsx';
import { RootLayout } from './root-layout.tsx';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <RootLayout>
          <AppRoutes />
        </RootLayout>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
