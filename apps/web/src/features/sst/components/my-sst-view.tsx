import { Stack, Title } from '@mantine/core';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { useWorkerSst } from '../api/get-worker.ts';
import { WorkerFile } from './worker-file.tsx';

/** "Meus EPIs": the worker's own trainings, ASO (with result) and CNH. */
export default function MySstView() {
  const file = useWorkerSst('me');
  return (
    <Stack gap="sm" mt="xl">
      <Title order={2} fz="lg">
        Treinamentos, ASO e CNH
      </Title>
      {file.isPending ? (
        <ListLoading />
      ) : file.isError ? (
        <ListError message={file.error.message} onRetry={() => void file.refetch()} />
      ) : (
        <WorkerFile file={file.data} />
      )}
    </Stack>
  );
}
