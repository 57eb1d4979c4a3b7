import '../../../lib/zod-locale.ts';

import { preventiveSettingsBody, textMaxLength, type PreventiveSettings } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { MultiSelect, SimpleGrid, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormNumberField, FormSelect } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextInput } from '../../../components/text-fields.tsx';
import { refusedField } from '../../../lib/api-error.ts';
import { toastError } from '../../../lib/toast.ts';
import { usePeople } from '../../../components/pickers/people.ts';
import { useSavePreventiveSettings } from '../api/plans.ts';

type FormIn = z.input<typeof preventiveSettingsBody>;
type FormOut = z.output<typeof preventiveSettingsBody>;
type TextField =
  'edificio_nome' | 'edificio_endereco' | 'edificio_uso' | 'rt_nome' | 'rt_registro' | 'rt_art';

const BUILDING: Array<{ name: TextField; label: string }> = [
  { name: 'edificio_nome', label: 'Edifício' },
  { name: 'edificio_endereco', label: 'Endereço' },
  { name: 'edificio_uso', label: 'Uso do edifício' },
];
const RT: Array<{ name: TextField; label: string }> = [
  { name: 'rt_nome', label: 'Responsável técnico' },
  { name: 'rt_registro', label: 'Registro CREA/CFT' },
  { name: 'rt_art', label: 'ART/TRT' },
];
const REFUSABLE: Array<keyof FormIn> = [
  'horizonte_dias',
  'equipe',
  'hora_inicio',
  ...[...BUILDING, ...RT].map((f) => f.name),
];
const HOURS = Array.from({ length: 24 }, (_, h) => ({
  value: String(h),
  label: `${String(h).padStart(2, '0')}:00`,
}));

const fromSettings = (s: PreventiveSettings): FormIn => ({
  horizonte_dias: s.horizonte_dias,
  equipe: s.equipe.map((p) => p.id),
  hora_inicio: s.hora_inicio,
  edificio_nome: s.edificio_nome ?? '',
  edificio_endereco: s.edificio_endereco ?? '',
  edificio_uso: s.edificio_uso ?? '',
  rt_nome: s.rt_nome ?? '',
  rt_registro: s.rt_registro ?? '',
  rt_art: s.rt_art ?? '',
});

/**
 * The contract's preventive settings: how far ahead the plans open OSs, the team and start
 * hour of those OSs, and the building and responsible technician printed in the PMOC.
 */
export function PreventiveSettingsModal({
  opened,
  onClose,
  settings,
}: {
  opened: boolean;
  onClose: () => void;
  settings: PreventiveSettings;
}) {
  const save = useSavePreventiveSettings();
  const people = usePeople(opened);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(preventiveSettingsBody),
    defaultValues: fromSettings(settings),
  });
  const { control } = form;
  const { errors } = form.formState;

  useEffect(() => {
    if (opened) form.reset(fromSettings(settings));
  }, [opened, settings, form]);

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ contractId: settings.contract_id, body });
      onClose();
    } catch (error) {
      const field = refusedField(error, REFUSABLE);
      const message = error instanceof Error ? error.message : 'Não foi possível salvar.';
      if (field) form.setError(field, { message });
      else toastError(message);
    }
  });

  // The saved team shows by name even when a person left the options (deactivated).
  const options = new Map(settings.equipe.map((p) => [String(p.id), p.nome]));
  for (const p of people.data ?? []) options.set(String(p.id), p.nome);
  const text = (f: { name: TextField; label: string }) => (
    <TextInput
      key={f.name}
      {...form.register(f.name)}
      label={f.label}
      maxLength={textMaxLength(preventiveSettingsBody, f.name)}
      error={errors[f.name]?.message}
    />
  );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Preventiva e PMOC do contrato"
      size="lg"
      onSubmit={onSubmit}
      submitLabel="Salvar"
      loading={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <FormNumberField
          control={control}
          name="horizonte_dias"
          label="Abrir OSs com antecedência de (dias)"
          min={1}
          decimals={0}
        />
        <FormSelect
          control={control}
          name="hora_inicio"
          numeric
          label="Hora de início das OSs"
          allowDeselect={false}
          data={HOURS}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="equipe"
        render={({ field, fieldState }) => (
          <MultiSelect
            label="Equipe das preventivas"
            placeholder="Escolha quem recebe as OSs"
            searchable
            data={[...options].map(([value, label]) => ({ value, label }))}
            value={(field.value ?? []).map(String)}
            onChange={(v) => field.onChange(v.map(Number))}
            error={fieldState.error?.message}
            nothingFoundMessage="Ninguém encontrado"
          />
        )}
      />
      <Text fw={600} size="sm" mt="xs">
        PMOC: edifício e responsável técnico
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {BUILDING.map(text)}
        {RT.map(text)}
      </SimpleGrid>
    </FormModal>
  );
}
