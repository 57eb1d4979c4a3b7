import { Badge, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { useSsoStatus } from '../api/get-sso-status.ts';
import { IntegrationSection } from './integration-section.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Single sign-on (OpenID Connect): read only, set by the server's OIDC_* variables. */
export function SsoSection() {
  const query = useSsoStatus();
  const sso = query.data;
  return (
    <IntegrationSection
      icon={<IconKey size={20} />}
      title="Login único (OpenID Connect)"
      description="Entrada pelo provedor de identidade da empresa. Definido pelas variáveis OIDC_* do servidor (docs/operations.md)."
      actions={
        sso && (
          <Badge color={sso.configurado ? 'green' : 'gray'} variant="light">
            {sso.configurado ? 'Configurado' : 'Não configurado'}
          </Badge>
        )
      }
    >
      {query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : !sso ? (
        <ListLoading rows={2} height={40} />
      ) : sso.configurado ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fact label="Emissor">{sso.emissor}</Fact>
          <Fact label="Client ID">{sso.client_id}</Fact>
          <Fact label="Botão em /login">{sso.botao}</Fact>
          <Fact label="Contas novas">
            {sso.criar_contas
              ? `Criadas no primeiro login, com o papel ${sso.papel_padrao}`
              : 'Não: só entra quem já tem conta ativa'}
          </Fact>
          <Fact label="URI de retorno">
            <Code>{sso.callback_url}</Code>
          </Fact>
        </SimpleGrid>
      ) : (
        <Group gap="xs">
          <Text size="sm">
            O login único está desligado: /login mostra só e-mail e senha. Para ligar, defina
            OIDC_ISSUER, OIDC_CLIENT_ID e OIDC_CLIENT_SECRET no servidor e registre no provedor a
            URI de retorno <Code>{sso.callback_url}</Code>.
          </Text>
        </Group>
      )}
    </IntegrationSection>
  );
}
