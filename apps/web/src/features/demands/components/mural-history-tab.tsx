import { muralHistoryLabel, type Mural } from '@eproto/domain';
import { useMemo } from 'react';

import { ThreadHistory } from '../../../components/work-item/thread-history.tsx';
import { useBoards } from '../api/get-boards.ts';
import { useContractAccess } from '../../../components/pickers/contract-access.ts';
import { muralRef } from '../utils/mural-ref.ts';

/** Histórico of a demand: the shared history, naming its boards and contracts. */
export function MuralHistoryTab({ mural }: { mural: Mural }) {
  const boards = useBoards();
  const contracts = useContractAccess();
  const names = useMemo(
    () => ({
      boards: new Map((boards.data ?? []).map((b) => [b.id, b.nome])),
      contracts: new Map((contracts.data?.contracts ?? []).map((c) => [c.id, c.nome])),
    }),
    [boards.data, contracts.data],
  );
  return (
    <ThreadHistory
      item={muralRef(mural)}
      label={muralHistoryLabel}
      names={names}
      responsavel={{ id: mural.responsavel_id, nome: mural.responsavel_nome }}
    />
  );
}
