import { Switch, Tooltip } from '@mantine/core';

import { useUpdateMuralWorkingDays } from '../api/update-mural-working-days.ts';

/** "Dias úteis": the demand schedules in working days (PATCH /eproto/murals/{id}). */
export function WorkingDaysSwitch(props: { muralId: number; on: boolean; canEdit: boolean }) {
  const { muralId, on, canEdit } = props;
  const update = useUpdateMuralWorkingDays();
  return (
    <Tooltip
      multiline
      w={280}
      label="Ligado: durações e intervalos entre tarefas contam só dias úteis (sem fins de semana, feriados e folgas da empresa), e as sucessoras pulam esses dias ao acompanhar."
    >
      <Switch
        size="sm"
        label="Dias úteis"
        checked={on}
        disabled={!canEdit || update.isPending}
        onChange={(e) => update.mutate({ id: muralId, diasUteis: e.currentTarget.checked })}
      />
    </Tooltip>
  );
}
