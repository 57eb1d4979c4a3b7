import { Stack } from '@mantine/core';

import { ApiTokensSection } from './api-tokens-section.tsx';
import { SsoSection } from './sso-section.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

/**
 * The "Integrações" tab of /users (ti): one section per integration, each its own component
 * in this folder (single sign-on, API tokens, webhooks, calendar feeds). A new integration adds
 * its section here.
 */
export default function IntegrationsTab() {
  return (
    <Stack gap="lg">
      <SsoSection />
      <ApiTokensSection />
      <WebhooksSection />
    </Stack>
  );
}
