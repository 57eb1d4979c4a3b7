import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

import { theme } from '../app/theme.ts';

interface Options {
  route?: string;
  client?: QueryClient;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders UI with Mantine (test env: no transitions or portals), react-query and a router. */
export function renderUi(
  ui: ReactElement,
  { route = '/', client = testQueryClient() }: Options = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} env="test" defaultColorScheme="dark">
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>
  );
  return { client, ...render(ui, { wrapper }) };
}

/** A JSON Response as the API answers it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The URL a fetch mock was called with. */
export function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}
