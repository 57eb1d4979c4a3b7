import { osCreateBody, textMaxLength, type OsCreateBody } from '@eproto/domain';
import {
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { INVALID_DATE } from '../../../components/date-field.tsx';
import { DateTimeField } from '../../../components/date-time-field.tsx';
import { NumberField } from '../../../components/number-field.tsx';
import { dayjs } from '../../../lib/dates.ts';
import { osTeamBlocks } from '../../sst/api/check-os-team.ts';
import { SstReleaseModal } from '../../sst/components/sst-release-modal.tsx';
import { useSstGatedSubmit } from '../../sst/hooks/use-sst-gated-submit.ts';
import { useCreateServiceOrder } from '../api/create-service-order.ts';
import { useContractOptions, useVehicleOptions } from '../api/get-options.ts';
import { usePeopleOptions } from '../api/get-people-options.ts';
import { useServiceTypes } from '../api/get-service-types.ts';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

interface Form {
  contrato: string | null;
  tipo: string | null;
  local: string;
  latitude: number | null;
  longitude: number | null;
  inicio: string | null;
  fim: string | null;
  pessoas: string[];
  veiculo: string | null;
  descricao: string;
  email: string;
}

const EMPTY: Form = {
  contrato: null,
  tipo: null,
  local: '',
  latitude: null,
  longitude: null,
  inicio: null,
  fim: null,
  pessoas: [],
  veiculo: null,
  descricao: '',
  email: '',
};

const iso = (local: string) => dayjs(local).toISOString();

/** What "Abrir OS" on an asset's page fills in: its contract, its site and the asset itself. */
export interface OsCreateInitial {
  contractId: number;
  local: string;
  ativos: Array<{ id: number; tag: string }>;
}

/** Checks of the form before it is sent (the server checks again). */
export function createProblems(f: Form): Partial<Record<keyof Form, string>> {
  const out: Partial<Record<keyof Form, string>> = {};
  if (!f.contrato) out.contrato = 'Escolha o contrato.';
  if (!f.tipo) out.tipo = 'Escolha o tipo de serviço.';
  if (f.local.trim().length < 2) out.local = 'Informe o local (endereço do cliente).';
  if (!f.inicio || f.inicio === INVALID_DATE) out.inicio = 'Informe o início previsto.';
  if (!f.fim || f.fim === INVALID_DATE) out.fim = 'Informe o fim previsto.';
  else if (f.inicio && f.inicio !== INVALID_DATE && f.fim <= f.inicio)
    out.fim = 'O fim previsto deve ser depois do início.';
  if (f.pessoas.length === 0) out.pessoas = 'Escolha pelo menos uma pessoa.';
  if ((f.latitude === null) !== (f.longitude === null))
    out.longitude = 'Informe latitude e longitude juntas.';
  if (Number.isNaN(f.latitude)) out.latitude = 'Latitude inválida.';
  if (Number.isNaN(f.longitude)) out.longitude = 'Longitude inválida.';
  return out;
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
    ? { ...EMPTY, contrato: String(initial.contractId), local: initial.local }
    : EMPTY;
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const navigate = useNavigate();
  const contracts = useContractOptions();
  const types = useServiceTypes();
  const people = usePeopleOptions(opened);
  const vehicles = useVehicleOptions(opened);
  const create = useCreateServiceOrder();
  const [f, setF] = useState<Form>(start);
  const [shown, setShown] = useState(false);
  const problems = createProblems(f);
  const err = (k: keyof Form) => (shown ? problems[k] : undefined);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setF((s) => ({ ...s, [k]: v }));

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
      setF(start);
      setShown(false);
      onClose();
      void navigate(`/tatico/agenda/os/${os.id}`);
    },
  });

  const submit = async () => {
    setShown(true);
    if (Object.keys(problems).length > 0 || !f.inicio || !f.fim) return;
    const body: OsCreateBody = {
      contract_id: Number(f.contrato),
      service_type_id: Number(f.tipo),
      local: f.local.trim(),
      latitude: f.latitude,
      longitude: f.longitude,
      previsto_inicio: iso(f.inicio),
      previsto_fim: iso(f.fim),
      pessoas: f.pessoas.map(Number),
      vehicle_id: f.veiculo ? Number(f.veiculo) : null,
      descricao: f.descricao.trim() || null,
      cliente_email: f.email.trim() || null,
      ativos: (initial?.ativos ?? []).map((a) => a.id),
    };
    await gate.submit(body);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Nova ordem de serviço"
      size="lg"
      fullScreen={phone}
    >
      <Stack gap="sm">
        <Select
          label="Contrato"
          withAsterisk
          searchable
          data={contracts.data ?? []}
          value={f.contrato}
          onChange={(v) => set('contrato', v)}
          error={err('contrato')}
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
        <Select
          label="Tipo de serviço"
          withAsterisk
          searchable
          data={(types.data ?? [])
            .filter((t) => t.ativo)
            .map((t) => ({ value: String(t.id), label: t.nome }))}
          value={f.tipo}
          onChange={(v) => set('tipo', v)}
          error={err('tipo')}
        />
        <TextInput
          label="Local"
          withAsterisk
          placeholder="Endereço do cliente"
          maxLength={textMaxLength(osCreateBody, 'local')}
          value={f.local}
          onChange={(e) => set('local', e.currentTarget.value)}
          error={err('local')}
        />
        <SimpleGrid cols={2} spacing="sm">
          <NumberField
            label="Latitude (opcional)"
            decimals={6}
            min={-90}
            max={90}
            value={f.latitude}
            onChange={(v) => set('latitude', v)}
            error={err('latitude')}
          />
          <NumberField
            label="Longitude (opcional)"
            decimals={6}
            min={-180}
            max={180}
            value={f.longitude}
            onChange={(v) => set('longitude', v)}
            error={err('longitude')}
          />
        </SimpleGrid>
        <DateTimeField
          label="Início previsto"
          required
          value={f.inicio}
          onChange={(v) => set('inicio', v)}
          error={err('inicio')}
        />
        <DateTimeField
          label="Fim previsto"
          required
          value={f.fim}
          onChange={(v) => set('fim', v)}
          error={err('fim')}
        />
        <MultiSelect
          label="Equipe"
          withAsterisk
          searchable
          data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.nome }))}
          value={f.pessoas}
          onChange={(v) => set('pessoas', v)}
          error={err('pessoas')}
        />
        <Select
          label="Veículo (opcional)"
          clearable
          searchable
          data={vehicles.data ?? []}
          value={f.veiculo}
          onChange={(v) => set('veiculo', v)}
        />
        <TextInput
          label="E-mail do cliente (opcional)"
          type="email"
          maxLength={textMaxLength(osCreateBody, 'cliente_email')}
          value={f.email}
          onChange={(e) => set('email', e.currentTarget.value)}
        />
        <Textarea
          label="Descrição (opcional)"
          autosize
          minRows={2}
          maxLength={textMaxLength(osCreateBody, 'descricao')}
          value={f.descricao}
          onChange={(e) => set('descricao', e.currentTarget.value)}
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
