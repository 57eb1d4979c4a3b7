import { Modal } from '@mantine/core';

import { useMural } from '../api/get-mural.ts';
import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { MuralFormModal } from './mural-form-modal.tsx';

/** Loads a demand by id, then edits it (used from the kanban, whose cards are summaries). */
export function EditMuralModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  if (id === null) return null;
  return <Loaded id={id} onClose={onClose} />;
}

function Loaded({ id, onClose }: { id: number; onClose: () => void }) {
  const mural = useMural(id);
  if (mural.data) return <MuralFormModal opened mural={mural.data} onClose={onClose} />;
  return (
    <Modal opened onClose={onClose} title="Editar demanda" size="lg">
      {mural.isError ? (
        <ListError message={mural.error.message} onRetry={() => void mural.refetch()} />
      ) : (
        <ListLoading rows={5} height={40} />
      )}
    </Modal>
  );
}
