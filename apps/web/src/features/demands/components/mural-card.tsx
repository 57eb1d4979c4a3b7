import type { MuralCounts, MuralSummary, Stage } from '@eproto/domain';
import { countOf, formatDateBr, PRIORITY_LABELS } from '@eproto/domain';
import { Avatar } from '@mantine/core';
import { IconCalendarDue, IconListCheck, IconMessage, IconPaperclip } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { memo, useContext } from 'react';
import { Link } from 'react-router';

import { PresenceNote } from '../../../components/presence-note.tsx';
import { CardMenu } from './card-menu.tsx';
import { DemandSlotsContext } from './demand-slots.ts';
import classes from './kanban.module.css';
import { PRIORITY_COLORS } from '../../../lib/stage-colors.ts';

interface Props {
  mural: MuralSummary;
  counts: MuralCounts | undefined;
  /** Shown while dragging (no links or menus inside). */
  overlay?: boolean;
  onMove?: ((mural: MuralSummary, stage: Stage) => void) | undefined;
  onEdit?: ((mural: MuralSummary) => void) | undefined;
  /** Off when the board already names the contract. */
  showContract?: boolean;
}

function Counter({ icon, value, label }: { icon: ReactNode; value: number; label: string }) {
  return (
    <span className={classes.counter} aria-label={label} title={label}>
      {icon}
      {value}
    </span>
  );
}

/** dd/mm this year, dd/mm/aa otherwise (`day` is a plain 'YYYY-MM-DD': no dayjs needed). */
function shortDate(day: string): string {
  const full = formatDateBr(day);
  return day.slice(0, 4) === String(new Date().getFullYear())
    ? full.slice(0, 5)
    : `${full.slice(0, 6)}${full.slice(8)}`;
}

/**
 * One demand on the kanban: priority, title, responsável, due date (red when late), counters
 * and the unread marker. Plain elements on purpose: a board shows dozens of these at once.
 */
export const MuralCard = memo(function MuralCard({
  mural: m,
  counts,
  overlay,
  onMove,
  onEdit,
  showContract = true,
}: Props) {
  const unread = counts?.unread ?? m.unread;
  const unreadMessages = counts?.unread_messages ?? 0;
  const slots = useContext(DemandSlotsContext);
  const messagesLabel =
    counts && unreadMessages > 0
      ? `${countOf(counts.messages, 'mensagem', 'mensagens')}, ${countOf(unreadMessages, 'não lida', 'não lidas')}`
      : countOf(counts?.messages ?? 0, 'mensagem', 'mensagens');
  return (
    <div
      className={classes.card}
      data-overlay={overlay || undefined}
      data-late={m.atrasada || undefined}
    >
      <div className={classes.cardTop}>
        <div className={classes.cardTags}>
          <span
            className={classes.priority}
            data-priority={m.prioridade}
            style={{
              ['--priority-color' as string]: `var(--mantine-color-${PRIORITY_COLORS[m.prioridade]}-6)`,
              ['--priority-text' as string]: `var(--mantine-color-${PRIORITY_COLORS[m.prioridade]}-text)`,
            }}
          >
            {PRIORITY_LABELS[m.prioridade]}
          </span>
          <span className={classes.dim}>#{m.id}</span>
          {slots.cardBadges?.(m)}
          {unread && (
            <span
              className={classes.unreadDot}
              role="status"
              aria-label="Não visualizada"
              title="Há novidades desde a sua última visita"
            />
          )}
        </div>
        {!overlay && (onMove || onEdit) && <CardMenu mural={m} onMove={onMove} onEdit={onEdit} />}
      </div>
      {overlay ? (
        <div className={classes.cardTitle}>{m.titulo}</div>
      ) : (
        <Link to={`/eproto/murals/${m.id}`} className={classes.cardTitle} draggable={false}>
          {m.titulo}
        </Link>
      )}
      {showContract && m.contract_nome && (
        <div className={`${classes.dim} ${classes.ellipsis}`}>{m.contract_nome}</div>
      )}
      {!overlay && <PresenceNote muralId={m.id} compact />}
      <div className={classes.cardBottom}>
        <div className={classes.cardTags}>
          <Avatar
            src={m.responsavel_avatar}
            name={m.responsavel_nome ?? undefined}
            color="initials"
            radius="xl"
            size={24}
            aria-label={`Responsável: ${m.responsavel_nome ?? 'ninguém'}`}
            title={m.responsavel_nome ?? 'Sem responsável'}
          />
          {m.fim_previsto && (
            <span
              className={classes.due}
              data-late={m.atrasada || undefined}
              aria-label={`${m.atrasada ? 'Atrasada, prazo' : 'Prazo'} ${formatDateBr(m.fim_previsto)}`}
            >
              <IconCalendarDue size={14} />
              {shortDate(m.fim_previsto)}
            </span>
          )}
        </div>
        {counts && (
          <div className={classes.cardTags}>
            <Counter
              icon={<IconListCheck size={14} />}
              value={counts.tasks}
              label={countOf(counts.tasks, 'tarefa', 'tarefas')}
            />
            <Counter
              icon={<IconMessage size={14} />}
              value={counts.messages}
              label={messagesLabel}
            />
            <Counter
              icon={<IconPaperclip size={14} />}
              value={counts.attachments}
              label={countOf(counts.attachments, 'anexo', 'anexos')}
            />
          </div>
        )}
      </div>
    </div>
  );
});
