import '../../../lib/zod-locale.ts';

import { osCreateBody, textMaxLength, type OsCreateBody } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import type { Resolver } from 'react-hook-form';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';

import { INVALID_DATE } from '../../../components/date-field.tsx';
import { DateTimeField } from '../../../components/date-time-field.tsx';
import { FormNumberField, FormSelect } from '../../../components/form-fields.tsx';
import { dayjs } from '../../../lib/dates.ts';
import { osTeamBlocks } from '../../sst/api/check-os-team.ts';
import { SstReleaseModal } from '../../sst/components/sst-release-modal.tsx';
import { useSstGatedSubmit } from '../../sst/hooks/use-sst-gated-submit.ts';
import { useCreateServiceOrder } from '../api/create-service-order.ts';
import { useContractOptions } from '../../../components/pickers/contracts.ts';
import { VehicleSelect } from '../../../components/pickers/vehicle-select.tsx';
import { useServiceTypes } from '../api/get-service-types.ts';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';
import { PeopleMultiSelect } from '../../../components/pickers/people-select.tsx';

/** The form holds the body's fields; dates as typed (local "YYYY-MM-DDTHH:mm"), texts untrimmed. */
interface Form {
  contract_id: number | null;
  service_type_id: number | null;
  local: string;
  latitude: number | null;
  longitude: number | null;
  previsto_inicio: string | null;
  previsto_fim: string | null;
  pessoas: number[];
  vehicle_id: number | null;
  descricao: string;
  cliente_email: string;
}

const EMPTY: Form = {
  contract_id: null,
  service_type_id: null,
  local: '',
  latitude: null,
  longitude: null,
  previsto_inicio: null,
  previsto_fim: null,
  pessoas: [],
  vehicle_id: null,
  descricao: '',
  cliente_email: '',
};

/** A typed local date-time as the instant the API takes; empty is missing, half-typed is wrong. */
const instant = (local: string | null) =>
  local === null ? undefined : local === INVALID_DATE ? local : dayjs(local).toISOString();

type Body = z.output<typeof osCreateBody>;

/** The body the form sends, checked by the domain's osCreateBody (its messages, its order rule). */
function resolverFor(ativos: number[]): Resolver<Form, unknown, Body> {
  return (f, ctx, opts) =>
    zodResolver(osCreateBody)(
      {
        ...f,
        contract_id: f.contract_id ?? undefined,
        service_type_id: f.service_type_id ?? undefined,
        previsto_inicio: instant(f.previsto_inicio),
        previsto_fim: instant(f.previsto_fim),
        descricao: f.descricao.trim() || null,
        cliente_email: f.cliente_email.trim() || null,
        ativos,
      } as OsCreateBody,
      ctx,
      opts as never,
    );
}

/** What "Abrir OS" on an asset's page fills in: its contract, its site and the asset itself. */
export interface OsCreateInitial {
  contractId: number;
  local: string;
  ativos: Array<{ id: number; tag: string }>;
}

/**
 * "Nova OS": an OS on its own (not from an agenda entry). Opens it once created. With `initial`
 * (an asset's page) the contract, place and assets come filled in; the contract is then fixed,
 * since the assets are that contract's.
 */
export function OsCreateModal({
  opened,
  onClose,
  initial,
}: {
  opened: boolean;
  onClose: () => void;
  initial?: OsCreateInitial;
}) {
  const start: Form = initial
    ? { ...EMPTY, contract_id: initial.contractId, local: initial.local }
    : EMPTY;
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const navigate = useNavigate();
  const contracts = useContractOptions();
  const types = useServiceTypes();
  const create = useCreateServiceOrder();
  const form = useForm<Form, unknown, Body>({
    resolver: resolverFor((initial?.ativos ?? []).map((a) => a.id)),
    defaultValues: start,
    // the first fields are searchable selects: focused, their list would cover the messages
    shouldFocusError: false,
  });
  const { control } = form;
  // The OS page opens once the OS is created: its chunk loads while the form is filled in.
  useEffect(() => {
    if (opened) void import('../pages/service-order-page.tsx').catch(() => undefined);
  }, [opened]);

  // SST requirements of the service type: a blocked team opens the conflict (and, for
  // gerente/diretoria, the release with a written reason) instead of failing.
  const gate = useSstGatedSubmit<OsCreateBody>({
    check: (body) =>
      osTeamBlocks({
        service_type_id: body.service_type_id,
        pessoas: body.pessoas,
        previsto_fim: body.previsto_fim,
      }),
    send: async (body, release) => {
      const os = await create.mutateAsync(release ? { ...body, liberacao_sst: release } : body);
      form.reset(start);
      onClose();
      void navigate(`/tatico/agenda/os/${os.id}`);
    },
  });

  const submit = form.handleSubmit((body) => gate.submit(body));
  const ids = (v: string[]) => v.map(Number);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Nova ordem de serviço"
      size="lg"
      fullScreen={phone}
    >
      <Stack gap="sm">
        <FormSelect
          control={control}
          name="contract_id"
          numeric
          label="Contrato"
          withAsterisk
          searchable
          data={contracts.data ?? []}
          disabled={Boolean(initial?.ativos.length)}
        />
        {initial && initial.ativos.length > 0 && (
          <Group gap="xs" data-testid="os-create-assets">
            <Text size="sm">{initial.ativos.length === 1 ? 'Ativo da OS:' : 'Ativos da OS:'}</Text>
            {initial.ativos.map((a) => (
              <Badge key={a.id} variant="light" radius="sm" ff="monospace">
                {a.tag}
              </Badge>
            ))}
          </Group>
        )}
        <FormSelect
          control={control}
          name="service_type_id"
          numeric
          label="Tipo de serviço"
          withAsterisk
          searchable
          data={(types.data ?? [])
            .filter((t) => t.ativo)
            .map((t) => ({ value: String(t.id), label: t.nome }))}
        />
        <TextInput
          label="Local"
          withAsterisk
          placeholder="Endereço do cliente"
          maxLength={textMaxLength(osCreateBody, 'local')}
          {...form.register('local')}
          error={form.formState.errors.local?.message}
        />
        <SimpleGrid cols={2} spacing="sm">
          <FormNumberField
            control={control}
            name="latitude"
            label="Latitude (opcional)"
            decimals={6}
            min={-90}
            max={90}
          />
          <FormNumberField
            control={control}
            name="longitude"
            label="Longitude (opcional)"
            decimals={6}
            min={-180}
            max={180}
          />
        </SimpleGrid>
        {(['previsto_inicio', 'previsto_fim'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <DateTimeField
                label={name === 'previsto_inicio' ? 'Início previsto' : 'Fim previsto'}
                required
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
        <Controller
          control={control}
          name="pessoas"
          render={({ field, fieldState }) => (
            <PeopleMultiSelect
              enabled={opened}
              label="Equipe"
              withAsterisk
              value={field.value.map(String)}
              onChange={(v) => field.onChange(ids(v))}
              error={fieldState.error?.message}
            />
          )}
        />
        <VehicleSelect
          control={control}
          name="vehicle_id"
          enabled={opened}
          label="Veículo (opcional)"
        />
        <TextInput
          label="E-mail do cliente (opcional)"
          type="email"
          maxLength={textMaxLength(osCreateBody, 'cliente_email')}
          {...form.register('cliente_email')}
          error={form.formState.errors.cliente_email?.message}
        />
        <Textarea
          label="Descrição (opcional)"
          autosize
          minRows={2}
          maxLength={textMaxLength(osCreateBody, 'descricao')}
          {...form.register('descricao')}
          error={form.formState.errors.descricao?.message}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={() => void submit()} loading={gate.checking || gate.sending}>
            Criar OS
          </Button>
        </Group>
      </Stack>
      <SstReleaseModal {...gate.modal} />
    </Modal>
  );
}
