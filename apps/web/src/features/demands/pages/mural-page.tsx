import type { Mural } from '@eproto/domain';
import { canAccess } from '@eproto/domain';
import { Anchor, Badge, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';

import { isApiStatus } from '../../../lib/api-error.ts';
import { useSession } from '../../../lib/session.ts';
import { useMural } from '../api/get-mural.ts';
import { useMuralCounts } from '../api/get-mural-counts.ts';
import { useMarkMuralViewed } from '../api/mark-mural-viewed.ts';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { ThreadAttachments } from '../../../components/work-item/thread-attachments.tsx';
import { ThreadMessages } from '../../../components/work-item/thread-messages.tsx';
import { MuralFormModal } from '../components/mural-form-modal.tsx';
import { MuralHeader } from '../components/mural-header.tsx';
import { MuralHistoryTab } from '../components/mural-history-tab.tsx';
import { MuralParticipantsTab } from '../components/mural-participants-tab.tsx';
import { MuralTasksTab } from '../components/mural-tasks-tab.tsx';
import { muralRef } from '../utils/mural-ref.ts';

/** A tab another area adds to the demand page (e.g. "Calendário", "Gantt"). */
export interface MuralExtraTab {
  /** Unique, URL-safe; shown in ?aba=. */
  value: string;
  label: string;
  render: (mural: Mural) => ReactNode;
}

/**
 * Places where other areas plug into the demand page without importing this feature; the
 * route layer (src/app/pages/mural-page-route.tsx) passes them in. See docs/development.md.
 */
export interface MuralPageSlots {
  /** Tabs after Histórico. */
  extraTabs?: MuralExtraTab[];
  /** Buttons beside the stage and "Editar" (e.g. "Enviar ao financeiro"). */
  headerActions?: (mural: Mural) => ReactNode;
  /** Blocks between the header and the tabs (e.g. recurrence). */
  sections?: (mural: Mural) => ReactNode;
}

function Counted({ label, count }: { label: string; count: number | undefined }) {
  return (
    <Group gap={6} wrap="nowrap">
      {label}
      {count !== undefined && count > 0 && (
        <Badge size="xs" variant="light" color="gray" circle={count < 10}>
          {count}
        </Badge>
      )}
    </Group>
  );
}

function NotFound() {
  return (
    <Paper withBorder radius="lg" p="lg">
      <ListEmpty
        icon={<IconMoodEmpty size={24} />}
        title="Demanda não encontrada"
        hint="Ela pode ter sido removida ou você não tem acesso a ela."
        action={
          <Button component={Link} to="/eproto/murals" variant="light" mt="xs">
            Ver demandas
          </Button>
        }
      />
    </Paper>
  );
}

function MuralBody({ mural, slots }: { mural: Mural; slots: MuralPageSlots }) {
  const { user } = useSession();
  const meId = user?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const ids = useMemo(() => [mural.id], [mural.id]);
  const counts = useMuralCounts(ids).data?.get(mural.id);
  const extra = slots.extraTabs ?? [];
  const tabs = [
    'tarefas',
    'mensagens',
    'anexos',
    'participantes',
    'historico',
    ...extra.map((t) => t.value),
  ];
  const requested = params.get('aba');
  const tab = requested && tabs.includes(requested) ? requested : 'tarefas';

  return (
    <Stack gap="lg">
      <MuralHeader
        mural={mural}
        canOpenBoards={canAccess(user?.rawType ?? user?.type, '/eproto/quadros')}
        onEdit={() => setEditing(true)}
        actions={slots.headerActions?.(mural)}
      />
      {slots.sections?.(mural)}
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Tabs
          value={tab}
          onChange={(v) => v && setParams({ aba: v }, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            <Tabs.Tab value="tarefas">
              <Counted label="Tarefas" count={counts?.tasks} />
            </Tabs.Tab>
            <Tabs.Tab value="mensagens">
              <Counted label="Mensagens" count={counts?.messages} />
            </Tabs.Tab>
            <Tabs.Tab value="anexos">
              <Counted label="Anexos" count={counts?.attachments} />
            </Tabs.Tab>
            <Tabs.Tab value="participantes">Participantes</Tabs.Tab>
            <Tabs.Tab value="historico">Histórico</Tabs.Tab>
            {extra.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="tarefas">
            <MuralTasksTab mural={mural} meId={meId} />
          </Tabs.Panel>
          <Tabs.Panel value="mensagens">
            <ThreadMessages item={muralRef(mural)} />
          </Tabs.Panel>
          <Tabs.Panel value="anexos">
            <ThreadAttachments item={muralRef(mural)} />
          </Tabs.Panel>
          <Tabs.Panel value="participantes">
            <MuralParticipantsTab mural={mural} />
          </Tabs.Panel>
          <Tabs.Panel value="historico">
            <MuralHistoryTab mural={mural} />
          </Tabs.Panel>
          {extra.map((t) => (
            <Tabs.Panel key={t.value} value={t.value}>
              {t.render(mural)}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
      <MuralFormModal opened={editing} mural={mural} onClose={() => setEditing(false)} />
    </Stack>
  );
}

/** /eproto/murals/:id — the demand page. Opening it marks the demand visualizado. */
export function MuralPage(slots: MuralPageSlots) {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const mural = useMural(id, valid);
  const { mutate: markViewed } = useMarkMuralViewed();

  useEffect(() => {
    if (valid) markViewed(id);
  }, [id, valid, markViewed]);

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/eproto/murals" size="sm" c="dimmed" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} />
          <Text span size="sm">
            Demandas
          </Text>
        </Group>
      </Anchor>
      {!valid || isApiStatus(mural.error, 404) ? (
        <NotFound />
      ) : mural.isPending ? (
        <ListLoading rows={4} height={72} />
      ) : mural.isError ? (
        <ListError message={mural.error.message} onRetry={() => void mural.refetch()} />
      ) : (
        <MuralBody mural={mural.data} slots={slots} />
      )}
    </Stack>
  );
}
