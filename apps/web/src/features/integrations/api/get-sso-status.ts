import type { IntegrationsSso } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** GET /integrations/sso — the single sign-on set-up, read from the server's configuration. */
function getSsoStatus(): Promise<IntegrationsSso> {
  return api.get<IntegrationsSso>('/integrations/sso');
}

export function useSsoStatus() {
  return useQuery({ queryKey: ['integrations', 'sso'], queryFn: getSsoStatus });
}
