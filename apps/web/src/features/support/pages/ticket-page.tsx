import { can, TICKET_CATEGORY_LABELS } from '@eproto/domain';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Divider,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';

import { isApiStatus } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useSession } from '../../../lib/session.ts';
import { useTicket } from '../api/get-ticket.ts';
import { PriorityBadge, TicketStatusBadge } from '../components/ticket-badges.tsx';
import { TicketAttachments } from '../components/ticket-attachments.tsx';
import { TicketCommentForm } from '../components/ticket-comment-form.tsx';
import { TicketStatusActions } from '../components/ticket-status-actions.tsx';
import { TicketTimeline } from '../components/ticket-timeline.tsx';
import { subjectOf } from '../../../lib/permission-subject.ts';

function Back() {
  return (
    <Anchor component={Link} to="/ti/help" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} /> Voltar para os chamados
      </Group>
    </Anchor>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div style={{ textAlign: 'right', minWidth: 0 }}>{children}</div>
    </Group>
  );
}

/** /ti/help/:id — the ticket: description, conversation, status (ti) and attachments. */
export default function TicketPage() {
  const id = Number(useParams().id);
  const { user } = useSession();
  const query = useTicket(Number.isInteger(id) ? id : 0);

  if (!Number.isInteger(id) || id <= 0 || (query.isError && isApiStatus(query.error, 404))) {
    return (
      <Stack gap="md">
        <Back />
        <Alert color="gray" variant="light" title="Chamado não encontrado">
          Este chamado não existe ou você não tem acesso a ele.
        </Alert>
      </Stack>
    );
  }
  if (query.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Carregando...">
        <Skeleton height={28} width="60%" />
        <Skeleton height={120} radius="md" />
        <Skeleton height={200} radius="md" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="md">
        <Back />
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Erro ao carregar"
        >
          <Text size="sm" mb="sm">
            {query.error.message}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Tentar novamente
          </Button>
        </Alert>
      </Stack>
    );
  }

  const t = query.data;
  return (
    <Stack gap="md">
      <Back />
      <div>
        <Group gap="xs" mb={4}>
          <Text c="dimmed" size="sm">
            Chamado #{t.id}
          </Text>
          <TicketStatusBadge status={t.status} />
          <PriorityBadge prioridade={t.prioridade} />
        </Group>
        <Title order={1} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
          {t.assunto}
        </Title>
      </div>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
              <Group gap="sm" mb="sm" wrap="nowrap">
                <Avatar
                  src={t.openedBy.avatar}
                  name={t.openedBy.nome}
                  color="initials"
                  radius="xl"
                  size={32}
                />
                <div>
                  <Text size="sm" fw={600}>
                    {t.openedBy.nome}
                  </Text>
                  <Text size="xs" c="dimmed">
                    abriu em {formatDateTime(t.createdAt)}
                  </Text>
                </div>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {t.descricao}
              </Text>
            </Paper>
            <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
              <Title order={2} fz="md" mb="md">
                Conversa
              </Title>
              <TicketTimeline events={t.events} openerId={t.openedBy.id} />
              <Divider my="md" />
              <TicketCommentForm ticketId={t.id} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            {can(subjectOf(user), 'support.handle') && (
              <Paper withBorder radius="lg" p="md">
                <Title order={2} fz="md" mb="sm">
                  Atendimento
                </Title>
                <TicketStatusActions id={t.id} status={t.status} />
              </Paper>
            )}
            <Paper withBorder radius="lg" p="md">
              <Stack gap={8}>
                <Detail label="Categoria">
                  <Text size="sm">{TICKET_CATEGORY_LABELS[t.categoria]}</Text>
                </Detail>
                <Detail label="Prioridade">
                  <PriorityBadge prioridade={t.prioridade} />
                </Detail>
                <Detail label="Status">
                  <TicketStatusBadge status={t.status} />
                </Detail>
                <Detail label="Aberto em">
                  <Text size="sm">{formatDateTime(t.createdAt)}</Text>
                </Detail>
                {t.resolvedAt && (
                  <Detail label="Resolvido em">
                    <Text size="sm">{formatDateTime(t.resolvedAt)}</Text>
                  </Detail>
                )}
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="md">
              <Title order={2} fz="md" mb="sm">
                Anexos
              </Title>
              <TicketAttachments ticketId={t.id} items={t.attachments} />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
