import '../../../lib/zod-locale.ts';

import type { Priority, Protocol, ProtocolCreateBody } from '@eproto/domain';
import {
  PRIORITIES,
  PRIORITY_LABELS,
  protocolCreateBody,
  protocolUpdateBody,
  textMaxLength,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Select, SimpleGrid } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { Resolver, ResolverResult } from 'react-hook-form';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { FormDateField, FormNumberField, FormSelect } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useCreateProtocol } from '../api/create-protocol.ts';
import { useMentionables } from '../../../components/work-item/api/get-mentionables.ts';
import { useMuralSearch } from '../api/search-murals.ts';
import { useUpdateProtocol } from '../api/update-protocol.ts';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';
import { useAnnouncePresence } from '../../../lib/presence/use-announce-presence.ts';

interface Values {
  mural_id: number | null;
  titulo: string;
  descricao: string;
  responsavel_id: number | null;
  prioridade: Priority;
  inicio_previsto: string | null;
  fim_previsto: string | null;
  inicio_real: string | null;
  fim_real: string | null;
  horas_estimadas: number | null;
}

function initial(task: Protocol | null, muralId: number | undefined): Values {
  return {
    mural_id: task?.mural_id ?? muralId ?? null,
    titulo: task?.titulo ?? '',
    descricao: task?.descricao ?? '',
    responsavel_id: task?.responsavel_id ?? null,
    prioridade: task?.prioridade ?? 'media',
    inicio_previsto: task?.inicio_previsto ?? null,
    fim_previsto: task?.fim_previsto ?? null,
    inicio_real: task?.inicio_real ?? null,
    fim_real: task?.fim_real ?? null,
    horas_estimadas: task?.horas_estimadas ?? null,
  };
}

type Body = z.output<typeof protocolCreateBody> | z.output<typeof protocolUpdateBody>;

/**
 * The domain's body of the call the form makes: protocolCreateBody for a new task (its demand,
 * no real dates), protocolUpdateBody for an edit (real dates, the demand kept).
 */
function resolverFor(editing: boolean): Resolver<Values, unknown, Body> {
  return async (values, ctx, opts) => {
    const { mural_id, inicio_real, fim_real, ...common } = values;
    const base = { ...common, descricao: common.descricao.trim() || null };
    const result = editing
      ? await zodResolver(protocolUpdateBody)(
          { ...base, inicio_real, fim_real },
          ctx,
          opts as never,
        )
      : await zodResolver(protocolCreateBody)(
          { ...base, mural_id: mural_id ?? undefined },
          ctx,
          opts as never,
        );
    return result as ResolverResult<Values, Body>;
  };
}

interface FormProps {
  task: Protocol | null;
  muralId?: number | undefined;
  onDone: (created?: Protocol) => void;
}

function ProtocolForm({ task, muralId, onDone }: FormProps) {
  useAnnouncePresence(task?.mural_id ?? null, 'editando');
  const form = useForm<Values, unknown, Body>({
    resolver: resolverFor(Boolean(task)),
    defaultValues: initial(task, muralId),
  });
  const { control } = form;
  const chosenMural = useWatch({ control, name: 'mural_id' });
  const [muralQuery, setMuralQuery] = useState('');
  const [debouncedMural] = useDebouncedValue(muralQuery, 250);
  const murals = useMuralSearch(debouncedMural, !task);
  const people = useMentionables(chosenMural ?? undefined);
  const create = useCreateProtocol();
  const update = useUpdateProtocol(task?.id ?? 0);

  const submit = form.handleSubmit((body) => {
    if (task) update.mutate(body, { onSuccess: () => onDone() });
    else create.mutate(body as ProtocolCreateBody, { onSuccess: (t) => onDone(t) });
  });

  const muralOptions = (murals.data ?? []).map((m) => ({ value: String(m.id), label: m.titulo }));
  const peopleOptions = (people.data ?? []).map((p) => ({ value: String(p.id), label: p.nome }));
  const dateField = (name: keyof Values & `${string}_${'previsto' | 'real'}`, label: string) => (
    <FormDateField clearable control={control} name={name} label={label} />
  );

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
        <Controller
          control={control}
          name="mural_id"
          render={({ field, fieldState }) => (
            // no ref: focused on a refused submit, a searchable select opens its list over the form
            <Select
              label="Demanda"
              placeholder="Busque a demanda"
              required
              searchable
              data={muralOptions}
              value={field.value === null ? null : String(field.value)}
              onChange={(id) => {
                field.onChange(id ? Number(id) : null);
                form.setValue('responsavel_id', null);
              }}
              searchValue={muralQuery}
              onSearchChange={setMuralQuery}
              nothingFoundMessage={
                murals.isFetching ? 'Carregando...' : 'Nenhuma demanda encontrada'
              }
              error={fieldState.error?.message}
              disabled={!!muralId}
            />
          )}
        />
      )}
      <TextInput
        {...form.register('titulo')}
        label="Título"
        required
        error={form.formState.errors.titulo?.message}
        maxLength={textMaxLength(protocolCreateBody, 'titulo')}
        data-autofocus
      />
      <Textarea
        {...form.register('descricao')}
        label="Descrição"
        maxLength={textMaxLength(protocolCreateBody, 'descricao')}
        autosize
        minRows={2}
        maxRows={6}
        error={form.formState.errors.descricao?.message}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormSelect
          control={control}
          name="responsavel_id"
          numeric
          label="Responsável"
          placeholder={chosenMural ? 'Escolha a pessoa' : 'Escolha a demanda primeiro'}
          searchable
          clearable
          data={peopleOptions}
          disabled={!chosenMural}
          nothingFoundMessage="Ninguém encontrado"
        />
        <FormSelect
          control={control}
          name="prioridade"
          label="Prioridade"
          data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
          allowDeselect={false}
        />
        {dateField('inicio_previsto', 'Início previsto')}
        {dateField('fim_previsto', 'Fim previsto')}
        {task && (
          <>
            {dateField('inicio_real', 'Início real')}
            {dateField('fim_real', 'Fim real')}
          </>
        )}
        <FormNumberField
          control={control}
          name="horas_estimadas"
          label="Horas estimadas"
          min={0}
          max={10000}
          decimals={2}
        />
      </SimpleGrid>
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
