import '../../../lib/zod-locale.ts';

import type { Board, BoardParticipant } from '@eproto/domain';
import { BOARD_COLORS, boardCreateBody, textMaxLength } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, CheckIcon, ColorSwatch, Group, Input } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormSelect } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { ListLoading } from '../../../components/list-states.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useCreateBoard } from '../api/create-board.ts';
import { useDeleteBoard } from '../api/delete-board.ts';
import { useBoardParticipants } from '../api/get-board-participants.ts';
import { useContractAccess } from '../../../components/pickers/contract-access.ts';
import { useSyncBoardParticipants } from '../api/sync-board-participants.ts';
import { useUpdateBoard } from '../api/update-board.ts';
import { UserMultiSelect } from './user-pickers.tsx';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';
import { contractOption } from '../../../components/pickers/contract-label.ts';

type FormValues = z.input<typeof boardCreateBody>;

interface FormProps {
  board: Board | null;
  /** null while an edited board's participants load (the fields wait for them). */
  participants: BoardParticipant[] | null;
  onDone: (board: Board | null) => void;
  onCancel: () => void;
}

function BoardForm({ board, participants, onDone, onCancel }: FormProps) {
  const contracts = useContractAccess();
  const create = useCreateBoard();
  const update = useUpdateBoard();
  const sync = useSyncBoardParticipants();
  const remove = useDeleteBoard();
  const known = (participants ?? []).map((p) => ({ id: p.user_key, nome: p.user.nome }));
  const initialIds = known.map((p) => p.id);
  const form = useForm<FormValues>({
    resolver: zodResolver(boardCreateBody),
    defaultValues: {
      nome: board?.nome ?? '',
      descricao: board?.descricao ?? '',
      contract_id: board?.contract_id ?? null,
      cor: board?.cor ?? BOARD_COLORS[0],
      participants: initialIds,
    },
  });
  const { errors } = form.formState;
  const busy = create.isPending || update.isPending || sync.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    const descricao = values.descricao?.trim() ? values.descricao.trim() : null;
    const contractId = values.contract_id ? Number(values.contract_id) : null;
    const ids = (values.participants ?? []).map(Number);
    if (!board) {
      const created = await create.mutateAsync({ ...values, descricao, contract_id: contractId });
      onDone(created);
      return;
    }
    const saved = await update.mutateAsync({
      id: board.id,
      body: { nome: values.nome, descricao, contract_id: contractId, cor: values.cor },
    });
    await sync.mutateAsync({
      boardId: board.id,
      add: ids.filter((id) => !initialIds.includes(id)),
      remove: initialIds.filter((id) => !ids.includes(id)),
    });
    toastSuccess(`Quadro "${saved.nome}" atualizado.`);
    onDone(saved);
  });

  const confirmDelete = () => {
    if (!board) return;
    modals.openConfirmModal({
      title: 'Excluir quadro',
      children: `Excluir o quadro "${board.nome}"? Só é possível quando ele não tem demandas.`,
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(board.id, { onSuccess: () => onDone(null) }),
    });
  };

  const contractOptions = (contracts.data?.contracts ?? []).map(contractOption);

  const fields = (
    <>
      <TextInput
        {...form.register('nome')}
        maxLength={textMaxLength(boardCreateBody, 'nome')}
        label="Nome do quadro"
        placeholder="Ex.: Manutenção — Hospital São Lucas"
        required
        error={errors.nome?.message}
        data-autofocus
      />
      <Textarea
        {...form.register('descricao')}
        maxLength={textMaxLength(boardCreateBody, 'descricao')}
        label="Descrição"
        autosize
        minRows={2}
        maxRows={5}
        error={errors.descricao?.message}
      />
      <FormSelect
        control={form.control}
        name="contract_id"
        numeric
        label="Contrato"
        placeholder="Sem contrato"
        data={contractOptions}
        clearable
        searchable
        nothingFoundMessage="Nenhum contrato"
        comboboxProps={{ withinPortal: true }}
      />
      <Controller
        control={form.control}
        name="cor"
        render={({ field }) => (
          <Input.Wrapper label="Cor" error={errors.cor?.message}>
            <Group gap={8} mt={4} role="radiogroup" aria-label="Cor do quadro">
              {BOARD_COLORS.map((c) => (
                <ColorSwatch
                  key={c}
                  component="button"
                  type="button"
                  color={c}
                  role="radio"
                  aria-checked={field.value === c}
                  aria-label={`Cor ${c}`}
                  onClick={() => field.onChange(c)}
                  style={{ color: '#fff', cursor: 'pointer' }}
                >
                  {field.value === c && <CheckIcon size={12} />}
                </ColorSwatch>
              ))}
            </Group>
          </Input.Wrapper>
        )}
      />
      <Controller
        control={form.control}
        name="participants"
        render={({ field }) => (
          <UserMultiSelect
            label="Participantes"
            description="Quem participa do quadro vê as demandas dele."
            value={(field.value ?? []).map(Number)}
            known={known}
            onChange={(ids) => field.onChange(ids)}
            error={errors.participants?.message}
          />
        )}
      />
    </>
  );
  return (
    <FormModal
      opened
      onClose={onCancel}
      title={board ? 'Editar quadro' : 'Novo quadro'}
      size="lg"
      onSubmit={onSubmit}
      submitLabel={board ? 'Salvar' : 'Criar quadro'}
      loading={busy}
      disabled={!participants}
      extraAction={
        board && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={confirmDelete}
            loading={remove.isPending}
          >
            Excluir
          </Button>
        )
      }
    >
      {participants ? fields : <ListLoading rows={4} height={40} />}
    </FormModal>
  );
}

interface Props {
  opened: boolean;
  /** null creates a new board. */
  board: Board | null;
  onClose: () => void;
  /** Called with the saved board, or null when it was deleted. */
  onSaved?: (board: Board | null) => void;
}

/** Creates or edits a board: name, description, contract, colour and participants. */
export function BoardFormModal({ opened, board, onClose, onSaved }: Props) {
  const loaded = useBoardParticipants(opened && board ? board.id : null);
  if (!opened) return null;
  const participants = !board ? [] : loaded.isPending ? null : (loaded.data ?? []);
  return (
    <BoardForm
      key={`${board?.id ?? 'new'}-${participants ? 'ready' : 'loading'}`}
      board={board}
      participants={participants}
      onDone={(saved) => {
        onSaved?.(saved);
        onClose();
      }}
      onCancel={onClose}
    />
  );
}
