import type { OsDetail, Role } from '@eproto/domain';
import { can, OS_FINAL_STATUSES, roleOf } from '@eproto/domain';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { PlainTabs } from '../../../components/plain-tabs.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useSession } from '../../../lib/session.ts';
import { whenIdle } from '../../../lib/idle.ts';
import { preloadable } from '../../../lib/preloadable.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useServiceOrder } from '../api/get-service-order.ts';
import { useOsAssets } from '../api/os-assets.ts';
import { useOsStepMutation } from '../api/os-step.ts';
import { loadOsPending } from '../api/os-pending-load.ts';
import { OsPendingContext, useOsPending, useOsWithPending } from '../api/use-os-with-pending.ts';
import { OsActionBar } from '../components/os-action-bar.tsx';
import { OsChecklistTab, type OsAssetsState } from '../components/os-checklist-tab.tsx';
import { OsSstReleases } from '../../sst/components/os-sst-releases.tsx';
import { OsHeader } from '../components/os-header.tsx';
import { LazyReasonModal as ReasonModal } from '../components/lazy-reason-modal.tsx';
import { subjectOf } from '../../../lib/permission-subject.ts';

// What waits on the phone and what the server refused: only when something does, so an OS with
// nothing queued paints without it (Spoiler, List, the refusal hints). Fetched when idle, like
// the code that applies queued steps (os-pending-load.ts), so a step taken offline finds both.
const OsPendingSteps = preloadable(() =>
  import('../components/os-pending-steps.tsx').then((m) => ({ default: m.OsPendingSteps })),
);

// Vehicle km (and its checkbox) only on an OS with a vehicle.
const OsKmCard = lazy(() =>
  import('../components/os-km-card.tsx').then((m) => ({ default: m.OsKmCard })),
);

// The checklist opens first; the other tabs, the check-out (signature pad) and the report
// download when first shown, so a cheap phone on 3G gets the run screen sooner.
const ConcludeModal = lazy(() =>
  import('../components/conclude-modal.tsx').then((m) => ({ default: m.ConcludeModal })),
);
const OsHistory = lazy(() =>
  import('../components/os-history.tsx').then((m) => ({ default: m.OsHistory })),
);
const OsMaterialsTab = lazy(() =>
  import('../components/os-materials-tab.tsx').then((m) => ({ default: m.OsMaterialsTab })),
);
const OsPhotosTab = lazy(() =>
  import('../components/os-photos-tab.tsx').then((m) => ({ default: m.OsPhotosTab })),
);
const OsReportCard = lazy(() =>
  import('../components/os-report-card.tsx').then((m) => ({ default: m.OsReportCard })),
);
const OsConversationTab = lazy(() =>
  import('../components/os-conversation-tab.tsx').then((m) => ({ default: m.OsConversationTab })),
);
const OsTeamTab = lazy(() =>
  import('../components/os-team-tab.tsx').then((m) => ({ default: m.OsTeamTab })),
);
// "Assinar APR" for a team member whose signature an APR of this OS waits for.
const OsAprSign = lazy(() => import('../../apr-pt/components/os-apr-sign.tsx'));

function CancelButton({ os }: { os: OsDetail }) {
  const step = useOsStepMutation(os.id);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconX size={16} />}
        onClick={() => setOpen(true)}
      >
        Cancelar OS
      </Button>
      <ReasonModal
        opened={open}
        title={`Cancelar ${os.codigo}`}
        label="Motivo do cancelamento"
        confirm="Cancelar OS"
        color="red"
        loading={step.isPending}
        onClose={() => setOpen(false)}
        onConfirm={(motivo) =>
          step
            .mutateAsync({ tipo: 'etapa', body: { acao: 'cancelar', motivo } })
            .then(() => {
              toastSuccess(`${os.codigo} cancelada.`);
              setOpen(false);
            })
            .catch((e: Error) => toastError(e.message))
        }
      />
    </>
  );
}

const OS_TABS = ['checklist', 'fotos', 'materiais', 'equipe', 'conversa', 'historico'] as const;
type OsTab = (typeof OS_TABS)[number];
/** The tab ?aba= names, or the checklist for none or an unknown one. */
const osTabOf = (aba: string | null): OsTab => OS_TABS.find((t) => t === aba) ?? 'checklist';

const count = (n: number) => (n > 0 ? ` (${n})` : '');

/** "Checklist 3/5", or for an OS that serves assets "Checklist 1/2 ativos" (complete ones). */
function checklistLabel(os: OsDetail, assets: OsAssetsState): string {
  if (os.ativos === 0) {
    return `Checklist ${os.checklist.filter((c) => c.respondido).length}/${os.checklist.length}`;
  }
  const tags = assets.data?.ativos.map((a) => a.tag) ?? [];
  const missing = new Set(os.pendencias.flatMap((p) => tags.filter((t) => p.startsWith(`${t}: `))));
  return `Checklist ${tags.length - missing.size}/${os.ativos} ativos`;
}

function OsView({ os, role, assets }: { os: OsDetail; role: Role; assets: OsAssetsState }) {
  // ?aba=conversa: a mention's notification opens the conversation.
  const [params] = useSearchParams();
  const [tab, setTab] = useState<OsTab>(() => osTabOf(params.get('aba')));
  const [concluding, setConcluding] = useState(false);
  const pending = useOsPending();
  const final = OS_FINAL_STATUSES.includes(os.status);
  const editable = os.permissoes.executar && !final && !os.selada;
  const manager = can(role, 'os.manage');
  const queued = pending.waiting.length > 0 || pending.attention.length > 0;
  // Two idle callbacks, not one: each import adds its chunk's <link rel=modulepreload> tags,
  // ~50 ms of a 4x slower phone's main thread for both together (issue 33).
  useEffect(() => {
    const stops = [
      whenIdle(() => void loadOsPending()),
      whenIdle(() => void OsPendingSteps.preload()),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);

  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <BackLink manager={manager} />
      <OsHeader
        os={os}
        actions={os.permissoes.gerenciar && !final ? <CancelButton os={os} /> : undefined}
      />
      {queued && (
        <Suspense fallback={null}>
          <OsPendingSteps pending={pending} codigo={os.codigo} />
        </Suspense>
      )}
      {(final || os.selo) && !pending.concluded && (
        <Suspense fallback={<ListLoading rows={1} height={120} />}>
          <OsReportCard os={os} role={role} />
        </Suspense>
      )}
      {editable && (
        <Suspense fallback={null}>
          <OsAprSign osId={os.id} />
        </Suspense>
      )}
      <OsSstReleases os={os} />
      {os.veiculo && (
        <Suspense fallback={null}>
          <OsKmCard os={os} editable={editable} />
        </Suspense>
      )}
      {/* One row that scrolls sideways on a phone (six tabs); only the chosen panel renders. */}
      <PlainTabs
        label="Partes da OS"
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'checklist', label: checklistLabel(os, assets) },
          { value: 'fotos', label: `Fotos${count(os.fotos.length)}` },
          { value: 'materiais', label: `Materiais${count(os.materiais.length)}` },
          { value: 'equipe', label: 'Equipe' },
          { value: 'conversa', label: 'Conversa' },
          { value: 'historico', label: 'Histórico' },
        ]}
      >
        {tab === 'checklist' ? (
          <OsChecklistTab os={os} editable={editable} assets={assets} />
        ) : (
          <Suspense key={tab} fallback={<ListLoading rows={2} />}>
            {tab === 'fotos' ? (
              <OsPhotosTab os={os} editable={editable} />
            ) : tab === 'materiais' ? (
              <OsMaterialsTab os={os} editable={editable} />
            ) : tab === 'equipe' ? (
              <OsTeamTab os={os} editable={editable} />
            ) : tab === 'conversa' ? (
              <OsConversationTab os={os} />
            ) : (
              <OsHistory os={os} />
            )}
          </Suspense>
        )}
      </PlainTabs>
      <OsActionBar os={os} onConclude={() => setConcluding(true)} />
      {concluding && (
        <Suspense fallback={null}>
          <ConcludeModal os={os} opened onClose={() => setConcluding(false)} />
        </Suspense>
      )}
    </Stack>
  );
}

/** The OS with the steps still waiting on this phone shown as done ("aguardando conexão"). */
function OsWithPending({ os, role }: { os: OsDetail; role: Role }) {
  // An OS that serves assets: their answers (kept on the phone with the OS) are part of it.
  const assets = useOsAssets(os.id, os.ativos > 0);
  const view = useOsWithPending(os, assets.data);
  return (
    <OsPendingContext.Provider value={view.pending}>
      <OsView
        os={view.os}
        role={role}
        assets={{
          data: view.assets,
          error: assets.error,
          retry: () => void assets.refetch(),
        }}
      />
    </OsPendingContext.Provider>
  );
}

/** Back to where OSs are listed: the office's "Ordens de serviço", the team's "Minha agenda". */
function BackLink({ manager }: { manager: boolean }) {
  return (
    <Anchor
      component={Link}
      to={manager ? '/tatico/agenda?aba=os' : '/tatico/agenda'}
      size="sm"
      w="fit-content"
    >
      <Group gap={4}>
        <IconArrowLeft size={16} /> {manager ? 'Ordens de serviço' : 'Minha agenda'}
      </Group>
    </Anchor>
  );
}

/** /tatico/agenda/os/:id — the OS: run on the phone by its team, followed by the office. */
export default function ServiceOrderPage() {
  const { id } = useParams();
  const osId = Number(id);
  const { user } = useSession();
  const query = useServiceOrder(osId);
  // The OS answer reaches the page through TanStack Query's external store, an update React
  // renders in one uninterrupted task: the whole OS was ~170 ms of a 4x slower phone's main
  // thread in one task (issue 33). Deferred, that update renders only this component (the
  // skeleton stays) and the OS follows in a render React slices into 5 ms pieces. An OS already
  // in the cache renders at once (the first value is not deferred); another OS's data (the id
  // changed) is never shown.
  const deferred = useDeferredValue(query.data);
  const os = deferred?.id === osId ? deferred : undefined;
  if (query.isError) {
    // An OS that does not exist (or is not the person's) will not appear by trying again:
    // the way back to the list instead of "Tentar novamente".
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack gap="md" maw={960} mx="auto" w="100%">
        {gone && <BackLink manager={can(subjectOf(user), 'os.manage')} />}
        <ListError
          message={query.error.message}
          onRetry={gone ? undefined : () => void query.refetch()}
        />
      </Stack>
    );
  }
  if (!os) return <ListLoading rows={5} height={80} />;
  return <OsWithPending os={os} role={roleOf(user?.rawType ?? user?.type)} />;
}
