import {
  agendaEntryBody,
  sstOverrideBody,
  textMaxLength,
  type AgendaConflict,
  type AgendaEntry,
} from '@eproto/domain';
import {
  Alert,
  Button,
  Collapse,
  Group,
  List,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown, IconShieldX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

import { isValidDate } from '../../../components/date-field.tsx';
import { DateTimeField } from '../../../components/date-time-field.tsx';
import { NumberField } from '../../../components/number-field.tsx';
import { dayjs } from '../../../lib/dates.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { checkConflicts } from '../api/check-conflicts.ts';
import { useActivityTypes } from '../api/get-activity-types.ts';
import {
  useContractOptions,
  useDemandOptions,
  usePeople,
  useVehicleOptions,
} from '../api/get-options.ts';
import { useSaveEntry } from '../api/save-entry.ts';
import { hhmm, localDate } from '../utils/week.ts';
import { useSstGatedSubmit } from '../../sst/hooks/use-sst-gated-submit.ts';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

export interface EntryDraft {
  date?: string;
  pessoaId?: number;
}

interface FormState {
  /** 'YYYY-MM-DDTHH:mm' local time (DateTimeField), null or INVALID_DATE. */
  inicio: string | null;
  fim: string | null;
  local: string;
  latitude: number | null;
  longitude: number | null;
  contrato: string | null;
  demanda: string | null;
  pessoas: string[];
  veiculo: string | null;
  descricao: string;
  /** "Tipo de atividade" (SST requirements). */
  tipo: string | null;
}

function initial(entry: AgendaEntry | undefined, draft: EntryDraft | undefined): FormState {
  if (entry) {
    return {
      inicio: `${localDate(entry.inicio)}T${hhmm(entry.inicio)}`,
      fim: `${localDate(entry.fim)}T${hhmm(entry.fim)}`,
      local: entry.local,
      latitude: entry.latitude ?? null,
      longitude: entry.longitude ?? null,
      contrato: String(entry.contrato.id),
      demanda: entry.demanda ? String(entry.demanda.id) : null,
      pessoas: entry.pessoas.map((p) => String(p.id)),
      veiculo: entry.veiculo ? String(entry.veiculo.id) : null,
      descricao: entry.descricao,
      tipo: entry.tipo_atividade ? String(entry.tipo_atividade.id) : null,
    };
  }
  const day = draft?.date ?? dayjs().format('YYYY-MM-DD');
  return {
    inicio: `${day}T08:00`,
    fim: `${day}T12:00`,
    local: '',
    latitude: null,
    longitude: null,
    contrato: null,
    demanda: null,
    pessoas: draft?.pessoaId ? [String(draft.pessoaId)] : [],
    veiculo: null,
    descricao: '',
    tipo: null,
  };
}

const iso = (local: string | null) =>
  local && isValidDate(local.slice(0, 10)) ? dayjs(local).toISOString() : null;

/** When the start moves to another day, an end on the old start day (or before) follows it. */
function followStart(s: FormState, inicio: string | null): FormState {
  const oldDay = s.inicio?.slice(0, 10);
  const newDay = inicio && isValidDate(inicio.slice(0, 10)) ? inicio.slice(0, 10) : null;
  const fimDay = s.fim?.slice(0, 10);
  if (!newDay || !s.fim || !isValidDate(fimDay)) return { ...s, inicio };
  if (fimDay === oldDay || fimDay < newDay)
    return { ...s, inicio, fim: `${newDay}${s.fim.slice(10)}` };
  return { ...s, inicio };
}

/**
 * Plans or edits an entry. Before saving it asks the server for double bookings; when someone
 * or the vehicle is already booked, it shows who and when and saves only on "Salvar mesmo assim".
 */
export function EntryFormModal({
  opened,
  onClose,
  entry,
  draft,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  entry?: AgendaEntry;
  draft?: EntryDraft;
  onSaved?: (id: number) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [f, setF] = useState<FormState>(() => initial(entry, draft));
  const [coords, setCoords] = useState(false);
  const [conflicts, setConflicts] = useState<AgendaConflict[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [motivo, setMotivo] = useState('');
  const types = useActivityTypes(opened);
  const people = usePeople(opened);
  const vehicles = useVehicleOptions(opened);
  const contracts = useContractOptions(opened);
  const demands = useDemandOptions(f.contrato ? Number(f.contrato) : null);
  const save = useSaveEntry();
  type Payload = { body: Exclude<ReturnType<typeof body>, string>; confirm: boolean };
  // Double bookings and the SST requirements of the activity type come in one answer: the
  // bookings wait for "Salvar mesmo assim", an SST block for a gerente/diretoria's release.
  const gate = useSstGatedSubmit<Payload>({
    check: async ({ body: b, confirm }) => {
      if (confirm) return [];
      const found = await checkConflicts({
        id: entry?.id,
        inicio: b.inicio,
        fim: b.fim,
        pessoas: b.pessoas,
        vehicle_id: b.vehicle_id,
        tipo_atividade_id: b.tipo_atividade_id,
      })
        .then((r) => r.conflitos)
        .catch(() => []);
      if (found.length === 0) return [];
      setConflicts(found);
      const sst = found.filter((c) => c.tipo === 'sst').map((c) => c.motivo ?? c.nome);
      return sst.length > 0 ? sst : null;
    },
    send: ({ body: b, confirm }, release) =>
      save
        .mutateAsync({
          ...b,
          id: entry?.id,
          confirmar_conflitos: confirm || release !== undefined,
          ...(release ? { liberacao_sst: release } : {}),
        })
        .then(
          (saved) => {
            toastSuccess(
              saved.conflitos.length
                ? 'Agendamento salvo com conflito sinalizado.'
                : 'Agendamento salvo.',
            );
            onSaved?.(saved.id);
            onClose();
          },
          (e: Error) => {
            setError(e.message);
            toastError(e.message);
            throw e;
          },
        ),
  });

  useEffect(() => {
    if (!opened) return;
    setF(initial(entry, draft));
    setCoords(Boolean(entry?.latitude));
    setConflicts(null);
    setError(null);
    setMotivo('');
    gate.dismiss();
    // gate.dismiss only clears state
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, entry, draft]);

  /** A change of the form asks the conflicts again. */
  const changed = () => {
    setConflicts(null);
    gate.dismiss();
  };
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => {
    setF((s) => ({ ...s, [k]: v }));
    changed();
  };

  const body = () => {
    const inicio = iso(f.inicio);
    const fim = iso(f.fim);
    if (!inicio || !fim) return 'Informe data e hora de início e de fim.';
    if (!dayjs(fim).isAfter(dayjs(inicio))) return 'O fim deve ser depois do início.';
    if (!f.local.trim()) return 'Informe o local.';
    if (Number.isNaN(f.latitude) || Number.isNaN(f.longitude)) return 'Confira as coordenadas.';
    if (!f.contrato) return 'Escolha o contrato.';
    if (f.pessoas.length === 0) return 'Escolha pelo menos uma pessoa.';
    if (f.descricao.trim().length < 3) return 'Descreva o serviço.';
    return {
      inicio,
      fim,
      local: f.local.trim(),
      latitude: f.latitude,
      longitude: f.longitude,
      contract_id: Number(f.contrato),
      mural_id: f.demanda ? Number(f.demanda) : null,
      pessoas: f.pessoas.map(Number),
      vehicle_id: f.veiculo ? Number(f.veiculo) : null,
      descricao: f.descricao.trim(),
      tipo_atividade_id: f.tipo ? Number(f.tipo) : null,
    };
  };
  const sstBlocks = gate.blocked ?? [];
  const bookings = (conflicts ?? []).filter((c) => c.tipo !== 'sst');

  const submit = (confirm: boolean) => {
    setError(null);
    const b = body();
    if (typeof b === 'string') return setError(b);
    void gate.submit({ body: b, confirm });
  };
  const releaseAndSave = () => {
    setError(null);
    const refusal = gate.release(motivo);
    if (refusal) setError(refusal);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={entry ? 'Editar agendamento' : 'Novo agendamento'}
      size="lg"
      fullScreen={phone}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateTimeField
            label="Início"
            required
            value={f.inicio}
            onChange={(v) => {
              setF((s) => followStart(s, v));
              changed();
            }}
          />
          <DateTimeField
            label="Fim"
            required
            minDate={isValidDate(f.inicio?.slice(0, 10)) ? f.inicio.slice(0, 10) : undefined}
            value={f.fim}
            onChange={(v) => set('fim', v)}
          />
        </SimpleGrid>
        <TextInput
          label="Local"
          required
          placeholder="Endereço ou ponto de referência"
          value={f.local}
          maxLength={textMaxLength(agendaEntryBody, 'local')}
          onChange={(e) => set('local', e.currentTarget.value)}
          data-autofocus
        />
        {/* 44 px high: a thumb's target, not the 20 px of its text. */}
        <UnstyledButton
          onClick={() => setCoords((v) => !v)}
          aria-expanded={coords}
          mih={44}
          style={{ display: 'flex', alignItems: 'center', alignSelf: 'flex-start' }}
        >
          <Group gap={4}>
            <Text size="sm" c="dimmed">
              Coordenadas (opcional)
            </Text>
            <IconChevronDown
              size={14}
              style={{ transform: coords ? 'rotate(180deg)' : undefined }}
            />
          </Group>
        </UnstyledButton>
        <Collapse expanded={coords}>
          <SimpleGrid cols={2} spacing="sm">
            <NumberField
              label="Latitude"
              placeholder="-23,5505"
              decimals={6}
              min={-90}
              max={90}
              value={f.latitude}
              onChange={(v) => set('latitude', v)}
            />
            <NumberField
              label="Longitude"
              placeholder="-46,6333"
              decimals={6}
              min={-180}
              max={180}
              value={f.longitude}
              onChange={(v) => set('longitude', v)}
            />
          </SimpleGrid>
        </Collapse>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Contrato"
            required
            searchable
            data={contracts.data ?? []}
            value={f.contrato}
            onChange={(v) => setF((s) => ({ ...s, contrato: v, demanda: null }))}
            nothingFoundMessage="Nenhum contrato"
          />
          <Select
            label="Demanda (opcional)"
            searchable
            clearable
            disabled={!f.contrato}
            data={demands.data ?? []}
            value={f.demanda}
            onChange={(v) => set('demanda', v)}
            nothingFoundMessage="Nenhuma demanda neste contrato"
          />
        </SimpleGrid>
        <MultiSelect
          label="Pessoas"
          required
          searchable
          data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.nome }))}
          value={f.pessoas}
          onChange={(v) => set('pessoas', v)}
          nothingFoundMessage="Ninguém encontrado"
        />
        <Select
          label="Tipo de atividade (opcional)"
          description="Define os requisitos de SST (treinamentos, ASO, CNH) das pessoas."
          searchable
          clearable
          data={types.data ?? []}
          value={f.tipo}
          onChange={(v) => set('tipo', v)}
          nothingFoundMessage="Nenhum tipo de atividade"
        />
        <Select
          label="Veículo (opcional)"
          searchable
          clearable
          data={vehicles.data ?? []}
          value={f.veiculo}
          onChange={(v) => set('veiculo', v)}
          nothingFoundMessage="Nenhum veículo"
        />
        <Textarea
          label="Descrição"
          required
          autosize
          minRows={2}
          value={f.descricao}
          maxLength={textMaxLength(agendaEntryBody, 'descricao')}
          onChange={(e) => set('descricao', e.currentTarget.value)}
        />
        {sstBlocks.length > 0 && (
          <Alert
            color="red"
            variant="light"
            icon={<IconShieldX size={18} />}
            title="Requisitos de SST não atendidos"
          >
            <List size="sm" spacing={2}>
              {sstBlocks.map((r) => (
                <List.Item key={r}>{r}</List.Item>
              ))}
            </List>
            {gate.mayRelease ? (
              <Textarea
                mt="sm"
                label="Justificativa da liberação"
                description="Fica registrada no agendamento e no log de atividades."
                autosize
                minRows={2}
                value={motivo}
                maxLength={textMaxLength(sstOverrideBody, 'motivo')}
                onChange={(e) => setMotivo(e.currentTarget.value)}
              />
            ) : (
              <Text size="sm" mt="xs">
                Troque as pessoas ou o tipo de atividade. Só gerente ou diretoria podem liberar, com
                justificativa.
              </Text>
            )}
          </Alert>
        )}
        {bookings.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Conflito de agenda"
          >
            <List size="sm" spacing={2}>
              {bookings.map((c, i) => (
                <List.Item key={i}>
                  {c.tipo === 'manutencao'
                    ? `O veículo ${c.nome} está em manutenção em ${dayjs(c.inicio).format('DD/MM')}.`
                    : `${
                        c.tipo === 'pessoa'
                          ? `${c.nome} já tem agendamento`
                          : `O veículo ${c.nome} já está reservado`
                      } em ${dayjs(c.inicio).format('DD/MM')} das ${hhmm(c.inicio)} às ${hhmm(c.fim)}.`}
                </List.Item>
              ))}
            </List>
            <Text size="sm" mt="xs">
              Você pode ajustar o horário, as pessoas ou o veículo — ou salvar mesmo assim (o
              conflito fica sinalizado).
            </Text>
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" p="xs" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          {sstBlocks.length > 0 ? (
            gate.mayRelease && (
              <Button color="red" onClick={releaseAndSave} loading={gate.sending}>
                Liberar e salvar
              </Button>
            )
          ) : conflicts ? (
            <Button color="orange" onClick={() => submit(true)} loading={gate.sending}>
              Salvar mesmo assim
            </Button>
          ) : (
            <Button onClick={() => submit(false)} loading={gate.checking || gate.sending}>
              Salvar
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
