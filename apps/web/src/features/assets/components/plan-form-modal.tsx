import '../../../lib/zod-locale.ts';

import { PLAN_PERIODICITIES, PLAN_PERIODICITY_LABELS, planBody, type Plan } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { SegmentedControl, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormDateField, FormNumberField, FormSelect } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { refusedField } from '../../../lib/api-error.ts';
import { toastError } from '../../../lib/toast.ts';
import { useContractAssets } from '../api/asset-labels.ts';
import { useAssetTypes } from '../api/get-asset-types.ts';
import { useChecklistOptions, useSavePlan } from '../api/plans.ts';
import { planTarget } from './plan-list.tsx';

type FormIn = z.input<typeof planBody>;
type FormOut = z.output<typeof planBody>;
type Target = 'tipo' | 'ativo';
const REFUSABLE = [
  'asset_type_id',
  'asset_id',
  'service_type_id',
  'periodicidade',
  'intervalo_dias',
  'intervalo_horas',
  'inicio',
  'duracao_min',
] as const;

const fromPlan = (p: Plan): FormIn => ({
  contract_id: p.contrato.id,
  asset_type_id: p.tipo_ativo?.id ?? null,
  asset_id: p.ativo_alvo?.id ?? null,
  service_type_id: p.servico.id,
  periodicidade: p.periodicidade,
  intervalo_dias: p.intervalo_dias,
  intervalo_horas: p.intervalo_horas,
  inicio: p.inicio,
  duracao_min: p.duracao_min,
  ativo: p.ativo,
});

const empty = (contractId: number) =>
  ({
    contract_id: contractId,
    asset_type_id: null,
    asset_id: null,
    periodicidade: 'mensal',
    intervalo_dias: null,
    intervalo_horas: null,
    inicio: null,
    duracao_min: 120,
    ativo: true,
  }) as unknown as FormIn;

/**
 * Creates a maintenance plan of a contract (per asset type or per asset) or edits one: the
 * checklist, the periodicity ("a cada N dias", "a cada N horas de uso" from the hour meter
 * too), the first date typed as in Brazil, the
 * duration of each OS and whether it is on. The target of a saved plan stays.
 */
export function PlanFormModal({
  opened,
  onClose,
  contractId,
  plan,
}: {
  opened: boolean;
  onClose: () => void;
  contractId: number;
  plan?: Plan | undefined;
}) {
  const save = useSavePlan();
  const types = useAssetTypes();
  const assets = useContractAssets(opened && !plan ? contractId : null);
  const checklists = useChecklistOptions(opened);
  const [target, setTarget] = useState<Target>('tipo');
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(planBody),
    defaultValues: empty(contractId),
  });
  const { control } = form;
  const { errors } = form.formState;

  useEffect(() => {
    if (!opened) return;
    form.reset(plan ? fromPlan(plan) : empty(contractId));
    setTarget(plan?.ativo_alvo ? 'ativo' : 'tipo');
  }, [opened, plan, contractId, form]);

  const periodicidade = form.watch('periodicidade');
  const dias = periodicidade === 'dias';
  const horas = periodicidade === 'horas';

  const onSubmit = form.handleSubmit(async (v) => {
    const intervalo_dias = v.periodicidade === 'dias' ? v.intervalo_dias : null;
    const intervalo_horas = v.periodicidade === 'horas' ? v.intervalo_horas : null;
    try {
      if (plan) {
        await save.mutateAsync({
          id: plan.id,
          body: {
            service_type_id: v.service_type_id,
            periodicidade: v.periodicidade,
            intervalo_dias,
            intervalo_horas,
            inicio: v.inicio,
            duracao_min: v.duracao_min,
            ativo: v.ativo,
          },
        });
      } else {
        await save.mutateAsync({ id: null, body: { ...v, intervalo_dias, intervalo_horas } });
      }
      onClose();
    } catch (error) {
      const field = refusedField(error, REFUSABLE);
      const message = error instanceof Error ? error.message : 'Não foi possível salvar o plano.';
      if (field) form.setError(field === 'asset_id' ? 'asset_type_id' : field, { message });
      else toastError(message);
    }
  });

  const targetError = errors.asset_type_id?.message ?? errors.asset_id?.message;
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={plan ? `Editar plano — ${planTarget(plan)}` : 'Novo plano de manutenção'}
      label={plan ? 'Editar plano de manutenção' : 'Novo plano de manutenção'}
      size="lg"
      onSubmit={onSubmit}
      submitLabel={plan ? 'Salvar' : 'Criar plano'}
      loading={save.isPending}
    >
      {plan ? (
        <Text size="sm">
          Alvo: <b>{planTarget(plan)}</b> (para outro alvo, crie um plano novo)
        </Text>
      ) : (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            O plano vale para
          </Text>
          <SegmentedControl
            aria-label="O plano vale para"
            value={target}
            onChange={(t) => {
              setTarget(t);
              form.setValue('asset_type_id', null);
              form.setValue('asset_id', null);
            }}
            data={[
              { value: 'tipo', label: 'Todos de um tipo' },
              { value: 'ativo', label: 'Um ativo' },
            ]}
          />
          {target === 'tipo' ? (
            <FormSelect
              control={control}
              name="asset_type_id"
              numeric
              label="Tipo de ativo"
              required
              searchable
              error={targetError}
              data={(types.data?.items ?? [])
                .filter((t) => t.ativo)
                .map((t) => ({ value: String(t.id), label: t.nome }))}
              nothingFoundMessage="Nenhum tipo"
            />
          ) : (
            <FormSelect
              control={control}
              name="asset_id"
              numeric
              label="Ativo"
              required
              searchable
              error={targetError}
              data={(assets.data ?? [])
                .filter((a) => a.status !== 'substituido')
                .map((a) => ({ value: String(a.id), label: `${a.tag} — ${a.tipo.nome}` }))}
              nothingFoundMessage="Nenhum ativo neste contrato"
            />
          )}
        </Stack>
      )}
      <FormSelect
        control={control}
        name="service_type_id"
        numeric
        label="Checklist (tipo de serviço da OS)"
        required
        searchable
        data={(checklists.data ?? [])
          .filter((t) => t.ativo || t.id === plan?.servico.id)
          .map((t) => ({ value: String(t.id), label: t.nome }))}
        nothingFoundMessage="Nenhum tipo de serviço"
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <FormSelect
          control={control}
          name="periodicidade"
          label="Periodicidade"
          required
          allowDeselect={false}
          data={PLAN_PERIODICITIES.map((p) => ({ value: p, label: PLAN_PERIODICITY_LABELS[p] }))}
        />
        {dias && (
          <FormNumberField
            control={control}
            name="intervalo_dias"
            label="A cada quantos dias"
            required
            min={1}
            decimals={0}
          />
        )}
        {horas && (
          <FormNumberField
            control={control}
            name="intervalo_horas"
            label="A cada quantas horas de uso"
            required
            min={1}
            max={100_000}
            decimals={0}
            description="As datas vêm das leituras do horímetro de cada ativo."
          />
        )}
        <FormDateField
          control={control}
          name="inicio"
          label="Primeira data"
          required
          description={
            horas
              ? 'O plano vale a partir dela; cada vencimento cai no próximo dia útil do contrato.'
              : 'Os vencimentos contam a partir dela; caem no próximo dia útil do contrato.'
          }
        />
        <FormNumberField
          control={control}
          name="duracao_min"
          label="Duração de cada OS (minutos)"
          min={15}
          decimals={0}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="ativo"
        render={({ field }) => (
          <Switch
            label="Plano ligado (abre OSs sozinho)"
            checked={field.value ?? true}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
          />
        )}
      />
    </FormModal>
  );
}
