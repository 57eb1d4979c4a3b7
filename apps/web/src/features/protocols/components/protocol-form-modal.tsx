import type { Priority, Protocol } from '@eproto/domain';
import {
  PRIORITIES,
  PRIORITY_LABELS,
  protocolCreateBody,
  protocolUpdateBody,
  textMaxLength,
} from '@eproto/domain';
import { Select, SimpleGrid, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

import { DateField } from '../../../components/date-field.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { NumberField } from '../../../components/number-field.tsx';
import { useCreateProtocol } from '../api/create-protocol.ts';
import { useMentionables } from '../../../components/work-item/api/get-mentionables.ts';
import { useMuralSearch } from '../api/search-murals.ts';
import { useUpdateProtocol } from '../api/update-protocol.ts';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

interface Values {
  mural_id: string | null;
  titulo: string;
  descricao: string;
  responsavel_id: string | null;
  prioridade: Priority;
  inicio_previsto: string | null;
  fim_previsto: string | null;
  inicio_real: string | null;
  fim_real: string | null;
  horas_estimadas: number | null;
}

function initial(task: Protocol | null, muralId: number | undefined): Values {
  return {
    mural_id: task ? String(task.mural_id) : muralId ? String(muralId) : null,
    titulo: task?.titulo ?? '',
    descricao: task?.descricao ?? '',
    responsavel_id: task?.responsavel_id ? String(task.responsavel_id) : null,
    prioridade: task?.prioridade ?? 'media',
    inicio_previsto: task?.inicio_previsto ?? null,
    fim_previsto: task?.fim_previsto ?? null,
    inicio_real: task?.inicio_real ?? null,
    fim_real: task?.fim_real ?? null,
    horas_estimadas: task?.horas_estimadas ?? null,
  };
}

interface FormProps {
  task: Protocol | null;
  muralId?: number | undefined;
  onDone: (created?: Protocol) => void;
}

function ProtocolForm({ task, muralId, onDone }: FormProps) {
  const [v, setV] = useState<Values>(() => initial(task, muralId));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [muralQuery, setMuralQuery] = useState('');
  const [debouncedMural] = useDebouncedValue(muralQuery, 250);
  const murals = useMuralSearch(debouncedMural, !task);
  const people = useMentionables(v.mural_id ? Number(v.mural_id) : undefined);
  const create = useCreateProtocol();
  const update = useUpdateProtocol(task?.id ?? 0);
  const set = (patch: Partial<Values>) => {
    setV((old) => ({ ...old, ...patch }));
    setErrors({});
  };

  const submit = () => {
    const common = {
      titulo: v.titulo,
      descricao: v.descricao.trim() || null,
      responsavel_id: v.responsavel_id ? Number(v.responsavel_id) : null,
      prioridade: v.prioridade,
      inicio_previsto: v.inicio_previsto,
      fim_previsto: v.fim_previsto,
      horas_estimadas: v.horas_estimadas,
    };
    const body = task
      ? { ...common, inicio_real: v.inicio_real, fim_real: v.fim_real }
      : { ...common, mural_id: v.mural_id ? Number(v.mural_id) : undefined };
    const parsed = (task ? protocolUpdateBody : protocolCreateBody).safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        next[key] ??= key === 'mural_id' ? 'Escolha a demanda.' : issue.message;
      }
      setErrors(next);
      return;
    }
    if (task) {
      update.mutate(body, { onSuccess: () => onDone() });
    } else {
      create.mutate(body as Parameters<typeof create.mutate>[0], { onSuccess: (t) => onDone(t) });
    }
  };

  const muralOptions = (murals.data ?? []).map((m) => ({ value: String(m.id), label: m.titulo }));
  const peopleOptions = (people.data ?? []).map((p) => ({ value: String(p.id), label: p.nome }));

  return (
    <FormModal
      opened
      onClose={() => onDone()}
      title={task ? 'Editar tarefa' : 'Nova tarefa'}
      size="lg"
      onSubmit={submit}
      submitLabel={task ? 'Salvar' : 'Criar tarefa'}
      loading={create.isPending || update.isPending}
    >
      {!task && (
        <Select
          label="Demanda"
          placeholder="Busque a demanda"
          required
          searchable
          data={muralOptions}
          value={v.mural_id}
          onChange={(id) => set({ mural_id: id, responsavel_id: null })}
          searchValue={muralQuery}
          onSearchChange={setMuralQuery}
          nothingFoundMessage={murals.isFetching ? 'Carregando...' : 'Nenhuma demanda encontrada'}
          error={errors.mural_id}
          disabled={!!muralId}
        />
      )}
      <TextInput
        label="Título"
        required
        value={v.titulo}
        onChange={(e) => set({ titulo: e.currentTarget.value })}
        error={errors.titulo}
        maxLength={textMaxLength(protocolCreateBody, 'titulo')}
        data-autofocus
      />
      <Textarea
        label="Descrição"
        maxLength={textMaxLength(protocolCreateBody, 'descricao')}
        autosize
        minRows={2}
        maxRows={6}
        value={v.descricao}
        onChange={(e) => set({ descricao: e.currentTarget.value })}
        error={errors.descricao}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Responsável"
          placeholder={v.mural_id ? 'Escolha a pessoa' : 'Escolha a demanda primeiro'}
          searchable
          clearable
          data={peopleOptions}
          value={v.responsavel_id}
          onChange={(id) => set({ responsavel_id: id })}
          disabled={!v.mural_id}
          nothingFoundMessage="Ninguém encontrado"
          error={errors.responsavel_id}
        />
        <Select
          label="Prioridade"
          data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
          value={v.prioridade}
          onChange={(p) => set({ prioridade: p ?? 'media' })}
          allowDeselect={false}
        />
        <DateField
          clearable
          label="Início previsto"
          value={v.inicio_previsto}
          onChange={(d) => set({ inicio_previsto: d })}
          error={errors.inicio_previsto}
        />
        <DateField
          clearable
          label="Fim previsto"
          value={v.fim_previsto}
          onChange={(d) => set({ fim_previsto: d })}
          error={errors.fim_previsto}
        />
        {task && (
          <>
            <DateField
              clearable
              label="Início real"
              value={v.inicio_real}
              onChange={(d) => set({ inicio_real: d })}
              error={errors.inicio_real}
            />
            <DateField
              clearable
              label="Fim real"
              value={v.fim_real}
              onChange={(d) => set({ fim_real: d })}
              error={errors.fim_real}
            />
          </>
        )}
        <NumberField
          label="Horas estimadas"
          min={0}
          max={10000}
          decimals={2}
          value={v.horas_estimadas}
          onChange={(h) => set({ horas_estimadas: h })}
          error={errors.horas_estimadas}
        />
      </SimpleGrid>
      {errors.form && (
        <Text c="red" size="sm">
          {errors.form}
        </Text>
      )}
    </FormModal>
  );
}

interface Props {
  opened: boolean;
  task: Protocol | null;
  muralId?: number;
  onClose: (created?: Protocol) => void;
}

/** Create a task in a demand, or edit one (dates cascade to its successors on save). */
export function ProtocolFormModal({ opened, task, muralId, onClose }: Props) {
  return opened ? <ProtocolForm task={task} muralId={muralId} onDone={onClose} /> : null;
}
