import '../../../lib/zod-locale.ts';

import { aprBody, type Apr, textMaxLength, aprStepBody } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  MultiSelect,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormSelect } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useEntryOptions, useEpiOptions, useOsOptions } from '../api/get-options.ts';
import { useSaveApr } from '../api/save-apr.ts';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';
import { PeopleMultiSelect } from '../../../components/pickers/people-select.tsx';

type Values = z.input<typeof aprBody>;
const EMPTY_STEP = { etapa: '', perigos: '', controles: '' };

function initial(apr: Apr | null): Values {
  return {
    service_order_id: apr?.os?.id ?? null,
    agenda_entry_id: apr?.agendamento?.id ?? null,
    atividade: apr?.atividade ?? '',
    local: apr?.local ?? '',
    etapas: apr?.etapas.length ? apr.etapas : [EMPTY_STEP],
    epi_item_ids: apr?.epis.map((e) => e.id) ?? [],
    pessoas: apr?.equipe.map((p) => p.id) ?? [],
  };
}

/** Ids as the MultiSelect's string values and back. */
const idPicker = (value: number[] | undefined, onChange: (v: number[]) => void) => ({
  value: (value ?? []).map(String),
  onChange: (v: string[]) => onChange(v.map(Number)),
});

/**
 * "Nova APR" / "Editar APR": the OS or agenda entry it belongs to, activity, steps (etapa,
 * perigos, controles), EPIs, team.
 */
export function AprFormModal({ apr, onClose }: { apr: Apr | null; onClose: () => void }) {
  const save = useSaveApr();
  const [link, setLink] = useState<'os' | 'agenda'>(apr?.agendamento ? 'agenda' : 'os');
  const os = useOsOptions(link === 'os');
  const entries = useEntryOptions(link === 'agenda');
  const epis = useEpiOptions(true);
  const form = useForm<Values, unknown, z.output<typeof aprBody>>({
    resolver: zodResolver(aprBody),
    defaultValues: initial(apr),
  });
  const steps = useFieldArray({ control: form.control, name: 'etapas' });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    await save.mutateAsync({ id: apr?.id ?? null, body: values });
    onClose();
  });
  const osOptions = [
    ...(apr?.os && !os.data?.some((o) => o.value === String(apr.os!.id))
      ? [{ value: String(apr.os.id), label: apr.os.codigo }]
      : []),
    ...(os.data ?? []),
  ];
  const entryOptions = [
    ...(apr?.agendamento && !entries.data?.some((e) => e.value === String(apr.agendamento!.id))
      ? [{ value: String(apr.agendamento.id), label: apr.agendamento.titulo }]
      : []),
    ...(entries.data ?? []),
  ];
  const chooseLink = (v: string) => {
    const next = v === 'agenda' ? 'agenda' : 'os';
    setLink(next);
    form.setValue(next === 'os' ? 'agenda_entry_id' : 'service_order_id', null);
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={apr ? `Editar APR nº ${apr.id}` : 'Nova APR'}
      label={apr ? 'Editar APR' : 'Nova APR'}
      size="lg"
      onSubmit={onSubmit}
      submitLabel="Salvar rascunho"
      loading={save.isPending}
    >
      <SegmentedControl
        aria-label="A APR é de"
        fullWidth
        value={link}
        onChange={chooseLink}
        data={[
          { value: 'os', label: 'Ordem de serviço' },
          { value: 'agenda', label: 'Agendamento' },
        ]}
      />
      {link === 'os' ? (
        <FormSelect
          control={form.control}
          name="service_order_id"
          numeric
          label="Ordem de serviço"
          placeholder={os.isPending ? 'Carregando...' : 'Escolha a OS'}
          searchable
          required
          data={osOptions}
          nothingFoundMessage="Nenhuma OS aberta encontrada"
          error={errors.service_order_id?.message}
        />
      ) : (
        <FormSelect
          control={form.control}
          name="agenda_entry_id"
          numeric
          label="Agendamento"
          placeholder={entries.isPending ? 'Carregando...' : 'Escolha o agendamento'}
          searchable
          required
          data={entryOptions}
          nothingFoundMessage="Nenhum agendamento nos próximos 30 dias"
          error={errors.agenda_entry_id?.message ?? errors.service_order_id?.message}
        />
      )}
      <TextInput
        {...form.register('atividade')}
        maxLength={textMaxLength(aprBody, 'atividade')}
        label="Atividade"
        required
        placeholder="Ex.: Troca de telhas do galpão"
        error={errors.atividade?.message}
      />
      <TextInput
        {...form.register('local')}
        maxLength={textMaxLength(aprBody, 'local')}
        label="Local"
        placeholder="Em branco: o local da OS"
        error={errors.local?.message}
      />
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Etapas, perigos e medidas de controle
        </Text>
        {steps.fields.map((f, i) => (
          <Card key={f.id} withBorder radius="md" p="sm">
            <Group justify="space-between" mb={4}>
              <Text size="sm" fw={600}>
                Etapa {i + 1}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remover etapa ${i + 1}`}
                disabled={steps.fields.length === 1}
                onClick={() => steps.remove(i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <Stack gap={6}>
              <TextInput
                {...form.register(`etapas.${i}.etapa`)}
                label="O que é feito"
                maxLength={textMaxLength(aprStepBody, 'etapa')}
                required
                error={errors.etapas?.[i]?.etapa?.message}
              />
              <Textarea
                {...form.register(`etapas.${i}.perigos`)}
                label="Perigos"
                maxLength={textMaxLength(aprStepBody, 'perigos')}
                required
                autosize
                minRows={1}
                error={errors.etapas?.[i]?.perigos?.message}
              />
              <Textarea
                {...form.register(`etapas.${i}.controles`)}
                label="Medidas de controle"
                maxLength={textMaxLength(aprStepBody, 'controles')}
                required
                autosize
                minRows={1}
                error={errors.etapas?.[i]?.controles?.message}
              />
            </Stack>
          </Card>
        ))}
        {errors.etapas?.message && (
          <Text size="sm" c="red">
            {errors.etapas.message}
          </Text>
        )}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => steps.append(EMPTY_STEP)}
          disabled={steps.fields.length >= 50}
        >
          Adicionar etapa
        </Button>
      </Stack>
      <Controller
        control={form.control}
        name="epi_item_ids"
        render={({ field }) => (
          <MultiSelect
            label="EPIs obrigatórios"
            placeholder="Escolha no catálogo de EPI"
            searchable
            data={epis.data ?? []}
            nothingFoundMessage="Nenhum EPI encontrado"
            {...idPicker(field.value, field.onChange)}
            error={errors.epi_item_ids?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="pessoas"
        render={({ field }) => (
          <PeopleMultiSelect
            label="Equipe que assina"
            description={
              link === 'os' ? 'Em branco: a equipe da OS.' : 'Em branco: a equipe do agendamento.'
            }
            {...idPicker(field.value, field.onChange)}
            error={errors.pessoas?.message}
          />
        )}
      />
    </FormModal>
  );
}
