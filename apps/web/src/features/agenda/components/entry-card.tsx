import type { AgendaEntry, AgendaStatus } from '@eproto/domain';
import { AGENDA_STATUS_LABELS, OS_STATUS_LABELS } from '@eproto/domain';
import { Button } from '@mantine/core';
import {
  IconBriefcase,
  IconCar,
  IconClipboardList,
  IconClock,
  IconHelmet,
  IconMapPin,
  IconUsers,
} from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { lazy, memo, Suspense, useMemo } from 'react';
import { Link } from 'react-router';

import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { OS_STATUS_COLOR } from '../../../components/os-status-badge.tsx';
import { contractLabel } from '../../../components/pickers/contract-label.ts';
import { PlainBadge } from '../../../components/plain-badge.tsx';
import { mapUrl } from '../../../components/map-url.ts';
import { withPendingStatus } from '../api/set-entry-status.ts';
import { entryOsStatus } from '../utils/entry-os.ts';
import { period } from '../utils/week.ts';
import { ConflictFlag, STATUS_COLOR } from './agenda-badges.tsx';
import { EntryStatusActions } from './entry-status-actions.tsx';
import classes from './entry-card.module.css';

// An entry released without its SST requirements is rare: its alert (Alert, List) downloads
// when one is shown, not with Minha agenda.
const SstReleaseAlert = lazy(() =>
  import('./entry-details.tsx').then((m) => ({ default: m.SstReleaseAlert })),
);

/** An icon beside a fact (VisitFacts' FactRow in plain markup). */
function Fact({
  icon,
  centred = false,
  children,
}: {
  icon: ReactNode;
  centred?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={classes.fact} data-centred={centred || undefined}>
      <span className={classes.icon}>{icon}</span>
      <div className={classes.factText}>{children}</div>
    </div>
  );
}

/**
 * One entry of "Minha agenda", phone-first: what, its status, where (map link), when, who, the
 * vehicle, the contract, "Abrir OS" and Iniciar/Concluir. Plain markup but for the buttons
 * (entry-card.module.css), and memoised on plain values: drawn again only when its entry, its
 * waiting status move or the role changes, not at each answer, outbox change or refetch of the
 * page (each drew every card: 60-175 ms on a 4x slower phone, issue 33).
 */
export const EntryCard = memo(function EntryCard({
  e: saved,
  manager,
  pendingStatus,
  attention,
}: {
  e: AgendaEntry;
  manager: boolean;
  /** A start/finish done offline shows at once, marked until the server has it. */
  pendingStatus: AgendaStatus | null;
  /** The server refused a move done offline. */
  attention: boolean;
}) {
  const e = useMemo(() => withPendingStatus(saved, pendingStatus), [saved, pendingStatus]);
  // With an OS, the OS's status is the entry's real one (started, concluded, cancelled).
  const os = entryOsStatus(e);
  const color = os ? OS_STATUS_COLOR[os] : STATUS_COLOR[e.status];
  return (
    <div
      className={classes.card}
      style={{ '--entry-color': `var(--mantine-color-${color}-6)` } as CSSProperties}
      data-testid="minha-agenda-entry"
    >
      {/* The badges go under the title when beside it the title would have less than 14rem
          (a phone with "Conflito" and the status: four short lines of title otherwise). */}
      <div className={classes.head}>
        <p className={classes.title}>{e.descricao}</p>
        <div className={classes.badges}>
          <ConflictFlag entry={e} />
          {os ? (
            <PlainBadge color={OS_STATUS_COLOR[os]} data-testid="os-status">
              {OS_STATUS_LABELS[os]}
            </PlainBadge>
          ) : (
            <PlainBadge color={STATUS_COLOR[e.status]}>{AGENDA_STATUS_LABELS[e.status]}</PlainBadge>
          )}
        </div>
      </div>
      {/* Its own line: beside the title it would squeeze it on a phone. */}
      {(pendingStatus !== null || attention) && (
        <div style={{ marginBottom: 6 }}>
          <PendingBadge attention={attention && pendingStatus === null} />
        </div>
      )}
      <div className={classes.facts}>
        <Fact icon={<IconClock size={16} />}>
          <p className={classes.sm}>{period(e)}</p>
        </Fact>
        {/* On a touch screen the link is a 44 px target: its text and the pin sit in the middle
            of it, so the row has even space above and below instead of a gap under it. */}
        <Fact icon={<IconMapPin size={16} />} centred>
          <a
            className={`${classes.link} mantine-Text-root mantine-Anchor-root`}
            href={mapUrl(e)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {e.local}
          </a>
        </Fact>
        <Fact icon={<IconUsers size={16} />}>
          <p className={classes.sm}>{e.pessoas.map((p) => p.nome).join(', ')}</p>
        </Fact>
        {e.veiculo && (
          <Fact icon={<IconCar size={16} />}>
            <p className={classes.sm}>
              {e.veiculo.placa} · {e.veiculo.modelo}
            </p>
          </Fact>
        )}
        <Fact icon={<IconBriefcase size={16} />}>
          <p className={classes.sm}>{contractLabel(e.contrato)}</p>
          {e.demanda && (
            <Link
              className={`${classes.link} mantine-Text-root mantine-Anchor-root`}
              data-size="xs"
              to={`/eproto/murals/${e.demanda.id}`}
            >
              Demanda: {e.demanda.titulo}
            </Link>
          )}
        </Fact>
        {e.tipo_atividade && (
          <Fact icon={<IconHelmet size={16} />}>
            <p className={classes.sm}>Tipo de atividade: {e.tipo_atividade.nome}</p>
          </Fact>
        )}
        {e.liberacao_sst && (
          <Suspense fallback={null}>
            <SstReleaseAlert release={e.liberacao_sst} />
          </Suspense>
        )}
      </div>
      {e.os && (
        <Button
          component={Link}
          to={`/tatico/agenda/os/${e.os.id}`}
          size="md"
          fullWidth
          mt={12}
          leftSection={<IconClipboardList size={20} />}
          data-testid="minha-agenda-os"
          // "Abrir OS-2026-000123 · Em deslocamento" is wider than a 390 px phone's card: the
          // label wraps to a second line instead of being cut.
          h="auto"
          mih={44}
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
        >
          Abrir {e.os.codigo}
          {os ? ` · ${OS_STATUS_LABELS[os]}` : ''}
        </Button>
      )}
      <div style={{ marginTop: 12 }}>
        <EntryStatusActions entry={e} manager={manager} fullWidth />
      </div>
    </div>
  );
});
