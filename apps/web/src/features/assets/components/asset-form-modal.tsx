import '../../../lib/zod-locale.ts';

import {
  ASSET_CATEGORY_FIELDS,
  ASSET_DATA_FIELDS,
  ASSET_FIELD_TEXT_MAX,
  ASSET_STATUS_LABELS,
  ASSET_STATUSES,
  assetBody,
  textMaxLength,
  type Asset,
  type AssetData,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormDateField, FormNumberField, FormSelect } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { refusedField } from '../../../lib/api-error.ts';
import { toastError } from '../../../lib/toast.ts';
import { useAssetTypes } from '../api/get-asset-types.ts';
import { useContractOptions } from '../../../components/pickers/contracts.ts';
import { useSaveAsset } from '../api/save-asset.ts';
import { TextInput } from '../../../components/text-fields.tsx';

type FormIn = z.input<typeof assetBody>;
type FormOut = z.output<typeof assetBody>;
type TextField =
  'tag' | 'descricao' | 'predio' | 'andar' | 'sala' | 'fabricante' | 'modelo' | 'numero_serie';

const TEXTS: Array<{ name: TextField; label: string; required?: boolean }> = [
  { name: 'tag', label: 'Tag', required: true },
  { name: 'predio', label: 'Prédio' },
  { name: 'andar', label: 'Andar' },
  { name: 'sala', label: 'Sala' },
  { name: 'fabricante', label: 'Fabricante' },
  { name: 'modelo', label: 'Modelo' },
  { name: 'numero_serie', label: 'Nº de série' },
  { name: 'descricao', label: 'Descrição' },
];
const REFUSABLE = ['tag', 'type_id', 'contract_id', 'dados', 'campos', 'garantia_ate'] as const;

function fromAsset(a: Asset): FormIn {
  return {
    contract_id: a.contrato.id,
    type_id: a.tipo.id,
    tag: a.tag,
    descricao: a.descricao ?? '',
    predio: a.predio ?? '',
    andar: a.andar ?? '',
    sala: a.sala ?? '',
    fabricante: a.fabricante ?? '',
    modelo: a.modelo ?? '',
    numero_serie: a.numero_serie ?? '',
    instalado_em: a.instalado_em,
    garantia_ate: a.garantia_ate,
    status: a.status,
    dados: a.dados,
    campos: a.campos,
  };
}

const EMPTY = { tag: '', status: 'ativo', dados: {}, campos: {} } as unknown as FormIn;

/** Registers an asset or edits one; the type's category decides the typed fields shown. */
export function AssetFormModal({
  opened,
  onClose,
  asset,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  asset?: Asset;
  onSaved?: (id: number) => void;
}) {
  const save = useSaveAsset();
  const types = useAssetTypes();
  const contracts = useContractOptions();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(assetBody),
    defaultValues: EMPTY,
  });
  const { control } = form;
  const { errors } = form.formState;

  useEffect(() => {
    if (opened) form.reset(asset ? fromAsset(asset) : EMPTY);
  }, [opened, asset, form]);

  // A refusal of the own fields (server: `field: 'campos'`) lands on the record itself.
  const camposError = (errors.campos as { message?: string } | undefined)?.message;
  const typeId = form.watch('type_id');
  const tipo = types.data?.items.find((t) => t.id === typeId);
  const typed = tipo ? ASSET_CATEGORY_FIELDS[tipo.categoria] : [];

  const onSubmit = form.handleSubmit(async (values) => {
    // Only the chosen type's fields go: a type changed in the form drops the old ones.
    const dados = Object.fromEntries(
      Object.entries(values.dados).filter(([k]) => (typed as string[]).includes(k)),
    ) as AssetData;
    const own = new Set(tipo?.campos.map((f) => f.chave));
    const campos = Object.fromEntries(
      Object.entries(values.campos).filter(([k, v]) => own.has(k) && v !== null && v !== ''),
    );
    const { contract_id, ...rest } = values;
    try {
      const saved = asset
        ? await save.mutateAsync({ id: asset.id, body: { ...rest, dados, campos } })
        : await save.mutateAsync({ id: null, body: { ...values, dados, campos } });
      onSaved?.(saved.asset.id);
      onClose();
    } catch (error) {
      const field = refusedField(error, REFUSABLE);
      const message = error instanceof Error ? error.message : 'Não foi possível salvar.';
      if (field) form.setError(field, { message });
      else toastError(message);
      void contract_id;
    }
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={asset ? `Editar ${asset.tag}` : 'Novo ativo'}
      size="lg"
      label={asset ? 'Editar ativo' : 'Novo ativo'}
      onSubmit={onSubmit}
      submitLabel={asset ? 'Salvar' : 'Cadastrar'}
      loading={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <FormSelect
          control={control}
          name="contract_id"
          numeric
          label="Contrato"
          required
          searchable
          disabled={Boolean(asset)}
          data={contracts.data ?? []}
          nothingFoundMessage="Nenhum contrato"
        />
        <FormSelect
          control={control}
          name="type_id"
          numeric
          label="Tipo"
          required
          searchable
          data={(types.data?.items ?? [])
            .filter((t) => t.ativo || t.id === asset?.tipo.id)
            .map((t) => ({ value: String(t.id), label: t.nome }))}
          nothingFoundMessage="Nenhum tipo"
        />
        {TEXTS.map((f) => (
          <TextInput
            key={f.name}
            {...form.register(f.name)}
            label={f.label}
            required={f.required}
            maxLength={textMaxLength(assetBody, f.name)}
            error={errors[f.name]?.message}
            styles={f.name === 'tag' ? { input: { textTransform: 'uppercase' } } : undefined}
          />
        ))}
        <FormDateField control={control} name="instalado_em" label="Instalação" clearable />
        <FormDateField control={control} name="garantia_ate" label="Fim da garantia" clearable />
        <FormSelect
          control={control}
          name="status"
          label="Situação"
          allowDeselect={false}
          data={ASSET_STATUSES.map((s) => ({ value: s, label: ASSET_STATUS_LABELS[s] }))}
        />
        {typed.map((k) => {
          const f = ASSET_DATA_FIELDS[k];
          return f.kind === 'number' ? (
            <FormNumberField
              key={k}
              control={control}
              name={`dados.${k}`}
              label={f.label}
              min={0}
              decimals={3}
            />
          ) : (
            <FormSelect
              key={k}
              control={control}
              name={`dados.${k}`}
              label={f.label}
              clearable
              data={Object.entries(f.options ?? {}).map(([value, label]) => ({ value, label }))}
            />
          );
        })}
        {tipo?.campos.map((f) => {
          const label = f.unidade ? `${f.nome} (${f.unidade})` : f.nome;
          const name = `campos.${f.chave}` as const;
          if (f.tipo === 'numero') {
            return (
              <FormNumberField
                key={f.chave}
                control={control}
                name={name}
                label={label}
                decimals={3}
              />
            );
          }
          if (f.tipo === 'opcao') {
            return (
              <FormSelect
                key={f.chave}
                control={control}
                name={name}
                label={label}
                clearable
                data={f.opcoes}
              />
            );
          }
          return (
            <TextInput
              key={f.chave}
              {...form.register(name)}
              label={label}
              maxLength={ASSET_FIELD_TEXT_MAX}
            />
          );
        })}
      </SimpleGrid>
      {camposError && (
        <p role="alert" style={{ color: 'var(--mantine-color-error)', margin: 0 }}>
          {camposError}
        </p>
      )}
      {errors.dados?.message && (
        <p role="alert" style={{ color: 'var(--mantine-color-error)', margin: 0 }}>
          {errors.dados.message}
        </p>
      )}
    </FormModal>
  );
}
