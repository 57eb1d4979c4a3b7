import '@mantine/dates/styles.css';
import '../../../lib/zod-locale.ts';

import type { Mural, Stage } from '@eproto/domain';
import {
  muralCreateBody,
  muralUpdateBody,
  PRIORITIES,
  PRIORITY_LABELS,
  STAGE_LABELS,
  STAGES,
  textMaxLength,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Resolver } from 'react-hook-form';
import { Controller, useForm } from 'react-hook-form';

import { FormDateField, FormSelect } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useCreateMural } from '../api/create-mural.ts';
import { useBoards } from '../api/get-boards.ts';
import { useContractAccess } from '../../../components/pickers/contract-access.ts';
import { useUpdateMural } from '../api/update-mural.ts';
import type { MuralFormValues as FormValues } from '../utils/mural-form.ts';
import { changedFields, initialValues } from '../utils/mural-form.ts';
import { UserMultiSelect, UserSelect } from './user-pickers.tsx';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';
import { useAnnouncePresence } from '../../../lib/presence/use-announce-presence.ts';
import { contractOption } from '../../../components/pickers/contract-label.ts';

interface FormProps {
  mural: Mural | null;
  boardId: number | null;
  stage: Stage;
  onDone: (mural: Mural | null) => void;
}

function MuralForm({ mural, boardId, stage, onDone }: FormProps) {
  useAnnouncePresence(mural?.id ?? null, 'editando');
  const boards = useBoards();
  const contracts = useContractAccess();
  const create = useCreateMural();
  const update = useUpdateMural();
  const schema = mural ? muralUpdateBody : muralCreateBody;
  const form = useForm<FormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<FormValues>,
    defaultValues: initialValues(mural, boardId, stage),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (raw) => {
    // The resolver hands back the schema's output, in the form's own shape.
    const values = raw;
    if (!mural) {
      const created = await create.mutateAsync({
        titulo: values.titulo,
        descricao: values.descricao.trim() || null,
        board_id: values.board_id ?? 0,
        contract_id: values.contract_id,
        prioridade: values.prioridade,
        stage: values.stage,
        responsavel_id: values.responsavel_id,
        inicio_previsto: values.inicio_previsto,
        fim_previsto: values.fim_previsto,
        participants: values.participants,
      });
      onDone(created);
      return;
    }
    const body = changedFields(mural, values);
    if (Object.keys(body).length === 0) {
      onDone(mural);
      return;
    }
    onDone(await update.mutateAsync({ id: mural.id, body }));
  });

  const boardOptions = (boards.data ?? []).map((b) => ({ value: String(b.id), label: b.nome }));
  const contractOptions = (contracts.data?.contracts ?? []).map(contractOption);
  const selectedBoard = boards.data?.find((b) => b.id === form.watch('board_id'));

  return (
    <FormModal
      opened
      onClose={() => onDone(null)}
      title={mural ? 'Editar demanda' : 'Nova demanda'}
      size="lg"
      onSubmit={onSubmit}
      submitLabel={mural ? 'Salvar' : 'Criar demanda'}
      loading={create.isPending || update.isPending}
    >
      <TextInput
        {...form.register('titulo')}
        maxLength={textMaxLength(schema, 'titulo')}
        label="Título"
        placeholder="Ex.: Troca de disjuntores do QGBT"
        required
        error={errors.titulo?.message}
        data-autofocus
      />
      <Textarea
        {...form.register('descricao')}
        maxLength={textMaxLength(schema, 'descricao')}
        label="Descrição"
        autosize
        minRows={3}
        maxRows={8}
        error={errors.descricao?.message}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FormSelect
          control={form.control}
          name="board_id"
          numeric
          label="Quadro"
          required
          data={boardOptions}
          searchable
          allowDeselect={false}
          nothingFoundMessage="Nenhum quadro"
          comboboxProps={{ withinPortal: true }}
        />
        <FormSelect
          control={form.control}
          name="contract_id"
          numeric
          label="Contrato"
          placeholder={
            selectedBoard?.contract_nome
              ? `Do quadro: ${selectedBoard.contract_nome}`
              : 'Sem contrato'
          }
          data={contractOptions}
          clearable
          searchable
          nothingFoundMessage="Nenhum contrato"
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="prioridade"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Prioridade
            </Text>
            <SegmentedControl
              value={field.value}
              onChange={(v) => field.onChange(v)}
              data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
              fullWidth
              aria-label="Prioridade"
            />
          </Stack>
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Controller
          control={form.control}
          name="responsavel_id"
          render={({ field }) => (
            <UserSelect
              label="Responsável"
              value={field.value}
              current={
                mural?.responsavel_id
                  ? { id: mural.responsavel_id, nome: mural.responsavel_nome ?? '' }
                  : null
              }
              onChange={(id) => field.onChange(id)}
              error={errors.responsavel_id?.message}
            />
          )}
        />
        {!mural && (
          <FormSelect
            control={form.control}
            name="stage"
            label="Etapa"
            data={STAGES.map((s) => ({ value: s, label: STAGE_LABELS[s] }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FormDateField
          control={form.control}
          name="inicio_previsto"
          label="Início previsto"
          clearable
        />
        <FormDateField control={form.control} name="fim_previsto" label="Fim previsto" clearable />
        {mural && (
          <>
            <FormDateField
              control={form.control}
              name="inicio_real"
              label="Início real"
              clearable
            />
            <FormDateField control={form.control} name="fim_real" label="Fim real" clearable />
          </>
        )}
      </SimpleGrid>
      {!mural && (
        <Controller
          control={form.control}
          name="participants"
          render={({ field }) => (
            <UserMultiSelect
              label="Participantes"
              description="Participantes veem a demanda, conversam e recebem avisos."
              value={field.value}
              known={[]}
              onChange={(ids) => field.onChange(ids)}
              error={errors.participants?.message}
            />
          )}
        />
      )}
    </FormModal>
  );
}

interface Props {
  opened: boolean;
  /** null creates a demand. */
  mural: Mural | null;
  /** Board and stage a new demand starts in. */
  boardId?: number | null;
  stage?: Stage;
  onClose: () => void;
  onSaved?: (mural: Mural) => void;
}

/** Creates or edits a demand (fields validated by the domain's zod schemas). */
export function MuralFormModal({ opened, mural, boardId = null, stage, onClose, onSaved }: Props) {
  if (!opened) return null;
  return (
    <MuralForm
      key={mural?.id ?? 'new'}
      mural={mural}
      boardId={boardId}
      stage={stage ?? 'a_fazer'}
      onDone={(saved) => {
        if (saved) onSaved?.(saved);
        onClose();
      }}
    />
  );
}
