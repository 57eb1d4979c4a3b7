import { protocolHistoryLabel } from '@eproto/domain';
import { Button, Grid, Paper, Stack, Tabs } from '@mantine/core';
import { IconArrowLeft, IconMoodEmpty } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { ThreadAttachments } from '../../../components/work-item/thread-attachments.tsx';
import { ThreadHistory } from '../../../components/work-item/thread-history.tsx';
import { ThreadMessages } from '../../../components/work-item/thread-messages.tsx';
import { isApiStatus } from '../../../lib/api-error.ts';
import { useProtocol } from '../api/get-protocol.ts';
import { DatesCard } from '../components/dates-card.tsx';
import { DependenciesPanel } from '../components/dependencies-panel.tsx';
import { ProtocolFormModal } from '../components/protocol-form-modal.tsx';
import { ProtocolHeader } from '../components/protocol-header.tsx';
import { ReviewState } from '../components/review-state.tsx';
import { taskRef } from '../utils/task-ref.ts';

const TABS = ['mensagens', 'anexos', 'historico'] as const;

/** /eproto/protocols/:id — the task page. */
export default function ProtocolPage() {
  const id = Number(useParams().id);
  const task = useProtocol(id);
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const tab = TABS.find((t) => t === params.get('aba')) ?? 'mensagens';

  if (task.isPending) return <ListLoading rows={4} height={90} />;
  if (task.isError) {
    return isApiStatus(task.error, 404) || !Number.isInteger(id) ? (
      <Paper withBorder radius="lg" p="lg">
        <ListEmpty
          icon={<IconMoodEmpty size={24} />}
          title="Tarefa não encontrada"
          hint="Ela pode ter sido removida ou você não tem acesso a ela."
        />
      </Paper>
    ) : (
      <ListError message={task.error.message} onRetry={() => void task.refetch()} />
    );
  }
  const t = task.data;
  const item = taskRef(t);

  return (
    <Stack gap="md">
      <div>
        <Button
          component={Link}
          to={`/eproto/murals/${t.mural_id}`}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} />}
        >
          Voltar para a demanda
        </Button>
      </div>
      <ProtocolHeader task={t} onEdit={() => setEditing(true)} />
      <ReviewState task={t} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <DatesCard task={t} />
            <DependenciesPanel task={t} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
            <Tabs
              value={tab}
              onChange={(v) =>
                setParams(v && v !== 'mensagens' ? { aba: v } : {}, { replace: true })
              }
              keepMounted={false}
            >
              <Tabs.List mb="md">
                <Tabs.Tab value="mensagens">Mensagens</Tabs.Tab>
                <Tabs.Tab value="anexos">Anexos</Tabs.Tab>
                <Tabs.Tab value="historico">Histórico</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="mensagens">
                <ThreadMessages item={item} />
              </Tabs.Panel>
              <Tabs.Panel value="anexos">
                <ThreadAttachments item={item} />
              </Tabs.Panel>
              <Tabs.Panel value="historico">
                <ThreadHistory
                  item={item}
                  label={protocolHistoryLabel}
                  responsavel={{ id: t.responsavel_id, nome: t.responsavel_nome }}
                />
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </Grid.Col>
      </Grid>
      <ProtocolFormModal opened={editing} task={t} onClose={() => setEditing(false)} />
    </Stack>
  );
}
