import { Stack, Title } from '@mantine/core';
import { useDeferredValue } from 'react';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { useWorkerSst } from '../api/get-worker.ts';
import { WorkerFile } from './worker-file.tsx';

/** "Meus EPIs": the worker's own trainings, ASO (with result) and CNH. */
export default function MySstView() {
  const file = useWorkerSst('me');
  // Under Meus EPIs' cards, with its own answer: rendered deferred, in 5 ms slices, not in the
  // one task of TanStack Query's store update (issue 33). Kept data renders at once.
  const data = useDeferredValue(file.data);
  return (
    <Stack gap="sm" mt="xl">
      <Title order={2} fz="lg">
        Treinamentos, ASO e CNH
      </Title>
      {file.isError ? (
        <ListError message={file.error.message} onRetry={() => void file.refetch()} />
      ) : data === undefined ? (
        <ListLoading />
      ) : (
        <WorkerFile file={data} />
      )}
    </Stack>
  );
}
