import type { MuralCounts, MuralSummary, Stage } from '@eproto/domain';
import { STAGE_LABELS } from '@eproto/domain';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';

import { MuralCard } from './mural-card.tsx';
import { CARD_ESTIMATE, measureCard, observeColumnRect } from '../utils/measure-card.ts';
import classes from './kanban.module.css';
import { STAGE_COLORS } from '../../../lib/stage-colors.ts';

export interface CardActions {
  onMove: (mural: MuralSummary, stage: Stage) => void;
  onEdit?: ((mural: MuralSummary) => void) | undefined;
  boardContractId: number | null;
}

const DraggableCard = memo(function DraggableCard({
  mural,
  counts,
  actions,
}: {
  mural: MuralSummary;
  counts: MuralCounts | undefined;
  actions: CardActions;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: mural.id,
    data: { mural },
  });
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      // A "button" may not hold the card's own link and menu; a focusable group can.
      role="group"
      aria-roledescription="cartão arrastável"
      aria-label={mural.titulo}
      data-testid={`mural-card-${mural.id}`}
      className={isDragging ? classes.dragging : undefined}
    >
      <MuralCard
        mural={mural}
        counts={counts}
        onMove={actions.onMove}
        onEdit={actions.onEdit}
        showContract={mural.contract_id !== actions.boardContractId}
      />
    </div>
  );
});

interface Props {
  stage: Stage;
  murals: MuralSummary[];
  counts: Map<number, MuralCounts> | undefined;
  actions: CardActions;
  onCreate?: ((stage: Stage) => void) | undefined;
  /** Hide the header (the phone layout shows a stage switcher instead). */
  bare?: boolean;
}

/** A stage column: drop target, header with count, and a virtualised list of cards. */
export const KanbanColumn = memo(function KanbanColumn({
  stage,
  murals,
  counts,
  actions,
  onCreate,
  bare,
}: Props) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: murals.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_ESTIMATE,
    measureElement: measureCard,
    observeElementRect: observeColumnRect,
    // Render the first screenful in the first pass, before the scroll box is measured.
    initialRect: { width: 280, height: 720 },
    overscan: 3,
    gap: 8,
    getItemKey: (i) => murals[i]?.id ?? i,
  });
  const items = virtualizer.getVirtualItems();

  return (
    <section
      ref={setNodeRef}
      className={classes.column}
      data-over={isOver || undefined}
      aria-label={`${STAGE_LABELS[stage]}: ${murals.length} demandas`}
      data-stage={stage}
      style={{ ['--stage-color' as string]: `var(--mantine-color-${STAGE_COLORS[stage]}-6)` }}
    >
      {!bare && (
        <div className={classes.columnHeader}>
          <Group gap={8} wrap="nowrap">
            <Text fw={650} size="sm">
              {STAGE_LABELS[stage]}
            </Text>
            <Badge
              size="sm"
              variant="light"
              color={STAGE_COLORS[stage]}
              circle={murals.length < 10}
            >
              {murals.length}
            </Badge>
          </Group>
          {onCreate && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              onClick={() => onCreate(stage)}
              aria-label={`Nova demanda em ${STAGE_LABELS[stage]}`}
              title={`Nova demanda em ${STAGE_LABELS[stage]}`}
            >
              <IconPlus size={16} />
            </ActionIcon>
          )}
        </div>
      )}
      <div ref={scrollRef} className={classes.columnScroll} style={bare ? { paddingTop: 8 } : {}}>
        {murals.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            Nenhuma demanda aqui
          </Text>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const m = murals[item.index];
              if (!m) return null;
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  <DraggableCard mural={m} counts={counts?.get(m.id)} actions={actions} />
                </div>
              );
            })}
          </div>
        )}
      </div>
    </section>
  );
});
