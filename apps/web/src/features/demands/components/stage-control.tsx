import type { Mural, Stage } from '@eproto/domain';
import { STAGE_LABELS, STAGES } from '@eproto/domain';
import { SegmentedControl, Select } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

import { useMoveMural } from '../api/move-mural.ts';
import { StageBadge } from '../../../components/work-badges.tsx';
import { STAGE_COLORS } from '../../../lib/stage-colors.ts';

/** The demand's stage: changeable (optimistic) when the user may move it, a badge otherwise. */
export function StageControl({ mural }: { mural: Mural }) {
  const move = useMoveMural();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  if (!mural.permissions.move) return <StageBadge stage={mural.stage} size="lg" />;
  const change = (v: string | null) => {
    if (!v || v === mural.stage) return;
    move.mutate({ id: mural.id, stage: v as Stage, titulo: mural.titulo });
  };
  const data = STAGES.map((s) => ({ value: s, label: STAGE_LABELS[s] }));
  if (phone)
    return (
      <Select
        aria-label="Etapa"
        data={data}
        value={mural.stage}
        onChange={change}
        allowDeselect={false}
        w="100%"
      />
    );
  return (
    <SegmentedControl
      aria-label="Etapa"
      data={data}
      value={mural.stage}
      onChange={change}
      color={STAGE_COLORS[mural.stage]}
      size="sm"
    />
  );
}
