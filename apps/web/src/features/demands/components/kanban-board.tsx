import type { MuralCounts, MuralSummary, Stage } from '@eproto/domain';
import { STAGE_LABELS, STAGES } from '@eproto/domain';
import type { DragEndEvent, DragStartEvent } from '@dnd-kit/core';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';

import type { CardActions } from './kanban-column.tsx';
import { KanbanColumn } from './kanban-column.tsx';
import classes from './kanban.module.css';
import { MuralCard } from './mural-card.tsx';
import { StageSwitcher, TAB_PREFIX } from './stage-switcher.tsx';
import { useAnnouncePresence } from '../../../lib/presence/use-announce-presence.ts';

interface Props {
  /** The board's contract: cards of that contract do not repeat its name. */
  boardContractId?: number | null;
  columns: Record<Stage, MuralSummary[]>;
  counts: Map<number, MuralCounts> | undefined;
  onMove: (mural: MuralSummary, stage: Stage) => void;
  onEdit?: ((mural: MuralSummary) => void) | undefined;
  onCreate?: ((stage: Stage) => void) | undefined;
}

const STAGE_SET = new Set<string>(STAGES);

/**
 * Column height that fills the window below the board (each column scrolls on its own). Read
 * when a ResizeObserver reports the board, after the browser's layout: measured in a layout
 * effect, it forced a layout of the whole page inside the board's first render (issue 33).
 * Until then the CSS fallback (kanban.module.css) stands.
 */
function useFillHeight(ref: React.RefObject<HTMLDivElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      // Header of the column (~44 px) and the page's bottom padding.
      setHeight(Math.max(360, Math.round(window.innerHeight - top - 44 - 20)));
    };
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (observer) observer.observe(el);
    else measure();
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return height;
}

/** The stage a drop target stands for (a column or a phone stage button). */
function stageOf(over: { id: string | number } | null): Stage | null {
  const id = over ? String(over.id).replace(TAB_PREFIX, '') : '';
  return STAGE_SET.has(id) ? (id as Stage) : null;
}

const ANNOUNCEMENTS = {
  onDragStart: () => 'Cartão levantado. Use as setas para escolher a etapa e Espaço para soltar.',
  onDragOver: ({ over }: { over: { id: string | number } | null }) => {
    const s = stageOf(over);
    return s ? `Sobre a etapa ${STAGE_LABELS[s]}.` : 'Fora das etapas.';
  },
  onDragEnd: ({ over }: { over: { id: string | number } | null }) => {
    const s = stageOf(over);
    return s ? `Cartão solto em ${STAGE_LABELS[s]}.` : 'Cartão devolvido.';
  },
  onDragCancel: () => 'Movimento cancelado.',
};

/**
 * The kanban: four stage columns side by side (one at a time with a stage switcher on
 * phones), cards dragged between them with mouse, touch (long press) or keyboard.
 */
export function KanbanBoard({
  boardContractId = null,
  columns,
  counts,
  onMove,
  onEdit,
  onCreate,
}: Props) {
  // Known at the first render: read in an effect, a phone rendered the four columns of a wide
  // screen first (each with its virtualised cards), then again as one (issue 33).
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [phoneStage, setPhoneStage] = useState<Stage>('a_fazer');
  const [active, setActive] = useState<MuralSummary | null>(null);
  useAnnouncePresence(active?.id ?? null, 'movendo');
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
    useSensor(KeyboardSensor),
  );
  const actions = useMemo<CardActions>(
    () => ({ onMove, onEdit, boardContractId }),
    [onMove, onEdit, boardContractId],
  );
  const boardRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(boardRef);

  const onDragStart = ({ active: a }: DragStartEvent) => {
    setActive((a.data.current as { mural?: MuralSummary } | undefined)?.mural ?? null);
  };
  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    const mural = (a.data.current as { mural?: MuralSummary } | undefined)?.mural;
    const target = stageOf(over);
    if (!mural || !target || target === mural.stage) return;
    onMove(mural, target);
  };

  const shown = phone ? [phoneStage] : STAGES;

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{ announcements: ANNOUNCEMENTS }}
    >
      {phone && (
        <StageSwitcher
          value={phoneStage}
          onChange={setPhoneStage}
          counts={
            Object.fromEntries(STAGES.map((s) => [s, columns[s].length])) as Record<Stage, number>
          }
        />
      )}
      <div
        ref={boardRef}
        className={classes.board}
        style={height ? { ['--kanban-height' as string]: `${height}px` } : undefined}
      >
        {shown.map((stage) => (
          <KanbanColumn
            key={stage}
            stage={stage}
            murals={columns[stage]}
            counts={counts}
            actions={actions}
            onCreate={onCreate}
            bare={phone}
          />
        ))}
      </div>
      <DragOverlay dropAnimation={null}>
        {active ? (
          <MuralCard
            mural={active}
            counts={counts?.get(active.id)}
            showContract={active.contract_id !== boardContractId}
            overlay
          />
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
