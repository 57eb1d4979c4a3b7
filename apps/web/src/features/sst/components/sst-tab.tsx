import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { PersonSelect } from '../../../components/pickers/people-select.tsx';
import { useWorkerSst } from '../api/get-worker.ts';
import { MatrixView } from './matrix-view.tsx';
import { WorkerFile } from './worker-file.tsx';

/** Tab "Treinamentos e ASO" of /tatico/epi for gestores: one worker's file, or the matrix. */
export default function SstTab() {
  const [view, setView] = useState<'pessoa' | 'matriz'>('pessoa');
  const [person, setPerson] = useState<string | null>(null);
  const file = useWorkerSst(person ? Number(person) : null);
  return (
    <Stack gap="md">
      <SegmentedControl
        value={view}
        onChange={(v) => setView(v)}
        data={[
          { value: 'pessoa', label: 'Por pessoa' },
          { value: 'matriz', label: 'Matriz de SST' },
        ]}
        w={{ base: '100%', xs: 'auto' }}
      />
      {view === 'matriz' ? (
        <MatrixView />
      ) : (
        <>
          <PersonSelect
            label="Pessoa"
            placeholder="Escolha quem consultar"
            value={person}
            onChange={setPerson}
            nothingFoundMessage="Ninguém encontrado"
            maw={420}
          />
          {person &&
            (file.isPending ? (
              <ListLoading />
            ) : file.isError ? (
              <ListError message={file.error.message} onRetry={() => void file.refetch()} />
            ) : (
              <WorkerFile file={file.data} />
            ))}
        </>
      )}
    </Stack>
  );
}
