import {
  API_TOKEN_ACCESS_LABELS,
  API_TOKEN_AREA_SHORT_LABELS,
  API_TOKEN_STATUS_LABELS,
  formatDateBr,
  type ApiToken,
  type ApiTokenStatus,
  type CreatedApiToken,
} from '@eproto/domain';
import { Badge, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconApi, IconBan, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';

import { ListView, type ListColumn } from '../../../components/list-page.tsx';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { API_TOKENS_PER_PAGE, useApiTokens } from '../api/get-api-tokens.ts';
import { useRevokeApiToken } from '../api/revoke-api-token.ts';
import { ApiTokenCreatedModal } from './api-token-created-modal.tsx';
import { ApiTokenFormModal } from './api-token-form-modal.tsx';
import { IntegrationSection } from './integration-section.tsx';

const STATUS_COLORS: Record<ApiTokenStatus, string> = {
  ativo: 'green',
  expirado: 'gray',
  revogado: 'red',
  conta_inativa: 'yellow',
};

function StatusBadge({ status }: { status: ApiTokenStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {API_TOKEN_STATUS_LABELS[status]}
    </Badge>
  );
}

function Scopes({ token }: { token: ApiToken }) {
  return (
    <Group gap={4}>
      {token.escopos.map((s) => (
        <Badge
          key={s.area}
          size="sm"
          variant="light"
          color={s.acesso === 'escrita' ? 'orange' : 'blue'}
          tt="none"
          title={`${API_TOKEN_AREA_SHORT_LABELS[s.area]}: ${API_TOKEN_ACCESS_LABELS[s.acesso].toLowerCase()}`}
        >
          {API_TOKEN_AREA_SHORT_LABELS[s.area]} · {s.acesso === 'escrita' ? 'escrita' : 'leitura'}
        </Badge>
      ))}
    </Group>
  );
}

const expiresText = (t: ApiToken) => (t.expira_em ? formatDateBr(t.expira_em) : 'Sem expiração');
const lastUse = (t: ApiToken) =>
  t.ultimo_uso_em ? formatDateTime(t.ultimo_uso_em) : 'Nunca usado';
const created = (t: ApiToken) =>
  `${formatDate(t.criado_em)}${t.criado_por ? ` por ${t.criado_por}` : ''}`;

function Name({ token }: { token: ApiToken }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {token.nome}
      </Text>
      <Code>{token.prefixo}</Code>
    </Stack>
  );
}

function Person({ token }: { token: ApiToken }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm">{token.usuario.nome}</Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {token.usuario.email}
      </Text>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/**
 * "Tokens de API" of the Integrações tab: every personal token with its person, scopes, last
 * use and status; "Novo token" (shown once, in a dialog) and "Revogar" with a confirmation.
 */
export function ApiTokensSection() {
  const [page, setPage] = useState(1);
  const query = useApiTokens(page);
  const revoke = useRevokeApiToken();
  const [formOpen, setFormOpen] = useState(false);
  const [made, setMade] = useState<CreatedApiToken | null>(null);

  const confirmRevoke = (t: ApiToken) =>
    modals.openConfirmModal({
      title: 'Revogar token',
      children: (
        <Text size="sm">
          O token &ldquo;{t.nome}&rdquo; ({t.usuario.nome}) deixa de funcionar na próxima chamada,
          em todos os servidores. O sistema que o usa passa a receber 401. Não dá para desfazer:
          para voltar a integrar, crie outro token.
        </Text>
      ),
      labels: { confirm: 'Revogar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(t.id),
    });

  const revokeButton = (t: ApiToken) =>
    t.status === 'revogado' ? null : (
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconBan size={14} />}
        onClick={() => confirmRevoke(t)}
        aria-label={`Revogar ${t.nome}`}
      >
        Revogar
      </Button>
    );

  const columns: ListColumn<ApiToken>[] = [
    { header: 'Pessoa', cell: (t) => <Person token={t} />, maw: 220 },
    { header: 'Nome', cell: (t) => <Name token={t} />, maw: 240 },
    { header: 'Escopos', cell: (t) => <Scopes token={t} />, maw: 280 },
    { header: 'Criado', cell: created, maw: 160 },
    { header: 'Último uso', cell: lastUse, nowrap: true },
    { header: 'Expira', cell: (t) => expiresText(t), nowrap: true },
    { header: 'Status', cell: (t) => <StatusBadge status={t.status} /> },
    { header: '', cell: revokeButton, right: true },
  ];

  return (
    <IntegrationSection
      icon={<IconApi size={20} />}
      title="Tokens de API"
      description="Para sistemas da empresa (ERP, BI, automações) chamarem a API em nome de uma pessoa, com as permissões dela limitadas aos escopos do token."
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setFormOpen(true)}>
          Novo token
        </Button>
      }
    >
      <ListView
        query={query}
        items={query.data?.items}
        rowKey={(t) => t.id}
        columns={columns}
        minWidth={1000}
        testId="api-token-row"
        card={(t) => (
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Name token={t} />
              <StatusBadge status={t.status} />
            </Group>
            <Person token={t} />
            <Scopes token={t} />
            <SimpleGrid cols={2} spacing="xs">
              <Fact label="Criado">{created(t)}</Fact>
              <Fact label="Expira">{expiresText(t)}</Fact>
              <Fact label="Último uso">{lastUse(t)}</Fact>
            </SimpleGrid>
            {revokeButton(t)}
          </Stack>
        )}
        empty={{
          icon: <IconApi size={28} />,
          title: 'Nenhum token criado',
          hint: 'Crie um token para um sistema da empresa chamar a API em nome de uma pessoa.',
        }}
        loadingRows={2}
        pagination={{
          page,
          perPage: API_TOKENS_PER_PAGE,
          total: query.data?.total ?? 0,
          onPage: setPage,
          count: (n) => (n === 1 ? '1 token' : `${n} tokens`),
        }}
      />
      <ApiTokenFormModal opened={formOpen} onClose={() => setFormOpen(false)} onCreated={setMade} />
      <ApiTokenCreatedModal created={made} onClose={() => setMade(null)} />
    </IntegrationSection>
  );
}
