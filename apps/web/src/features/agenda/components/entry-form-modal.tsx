import '@mantine/dates/styles.css';

import type { AgendaConflict, AgendaEntry } from '@eproto/domain';
import {
  Alert,
  Button,
  Collapse,
  Group,
  List,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { DateInput, DatesProvider, TimeInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

import { dayjs } from '../../../lib/dates.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { checkConflicts } from '../api/check-conflicts.ts';
import {
  useContractOptions,
  useDemandOptions,
  usePeople,
  useVehicleOptions,
} from '../api/get-options.ts';
import { useSaveEntry } from '../api/save-entry.ts';
import { hhmm, localDate } from '../utils/week.ts';

export interface EntryDraft {
  date?: string;
  pessoaId?: number;
}

interface FormState {
  dataInicio: string | null;
  horaInicio: string;
  dataFim: string | null;
  horaFim: string;
  local: string;
  latitude: number | '';
  longitude: number | '';
  contrato: string | null;
  demanda: string | null;
  pessoas: string[];
  veiculo: string | null;
  descricao: string;
}

function initial(entry: AgendaEntry | undefined, draft: EntryDraft | undefined): FormState {
  if (entry) {
    return {
      dataInicio: localDate(entry.inicio),
      horaInicio: hhmm(entry.inicio),
      dataFim: localDate(entry.fim),
      horaFim: hhmm(entry.fim),
      local: entry.local,
      latitude: entry.latitude ?? '',
      longitude: entry.longitude ?? '',
      contrato: String(entry.contrato.id),
      demanda: entry.demanda ? String(entry.demanda.id) : null,
      pessoas: entry.pessoas.map((p) => String(p.id)),
      veiculo: entry.veiculo ? String(entry.veiculo.id) : null,
      descricao: entry.descricao,
    };
  }
  const day = draft?.date ?? dayjs().format('YYYY-MM-DD');
  return {
    dataInicio: day,
    horaInicio: '08:00',
    dataFim: day,
    horaFim: '12:00',
    local: '',
    latitude: '',
    longitude: '',
    contrato: null,
    demanda: null,
    pessoas: draft?.pessoaId ? [String(draft.pessoaId)] : [],
    veiculo: null,
    descricao: '',
  };
}

const iso = (date: string | null, time: string) =>
  date && /^\d{2}:\d{2}/.test(time) ? dayjs(`${date}T${time.slice(0, 5)}`).toISOString() : null;

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
  const [checking, setChecking] = useState(false);
  const people = usePeople(opened);
  const vehicles = useVehicleOptions(opened);
  const contracts = useContractOptions(opened);
  const demands = useDemandOptions(f.contrato ? Number(f.contrato) : null);
  const save = useSaveEntry();

  useEffect(() => {
    if (!opened) return;
    setF(initial(entry, draft));
    setCoords(Boolean(entry?.latitude));
    setConflicts(null);
    setError(null);
  }, [opened, entry, draft]);

  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => {
    setF((s) => ({ ...s, [k]: v }));
    setConflicts(null);
  };

  const body = () => {
    const inicio = iso(f.dataInicio, f.horaInicio);
    const fim = iso(f.dataFim, f.horaFim);
    if (!inicio || !fim) return 'Informe data e hora de início e de fim.';
    if (!dayjs(fim).isAfter(dayjs(inicio))) return 'O fim deve ser depois do início.';
    if (!f.local.trim()) return 'Informe o local.';
    if (!f.contrato) return 'Escolha o contrato.';
    if (f.pessoas.length === 0) return 'Escolha pelo menos uma pessoa.';
    if (f.descricao.trim().length < 3) return 'Descreva o serviço.';
    return {
      inicio,
      fim,
      local: f.local.trim(),
      latitude: f.latitude === '' ? null : f.latitude,
      longitude: f.longitude === '' ? null : f.longitude,
      contract_id: Number(f.contrato),
      mural_id: f.demanda ? Number(f.demanda) : null,
      pessoas: f.pessoas.map(Number),
      vehicle_id: f.veiculo ? Number(f.veiculo) : null,
      descricao: f.descricao.trim(),
    };
  };

  const submit = async (confirm: boolean) => {
    setError(null);
    const b = body();
    if (typeof b === 'string') return setError(b);
    if (!confirm) {
      setChecking(true);
      const found = await checkConflicts({
        id: entry?.id,
        inicio: b.inicio,
        fim: b.fim,
        pessoas: b.pessoas,
        vehicle_id: b.vehicle_id,
      })
        .then((r) => r.conflitos)
        .catch(() => []);
      setChecking(false);
      if (found.length) return setConflicts(found);
    }
    save.mutate(
      { ...b, id: entry?.id, confirmar_conflitos: confirm },
      {
        onSuccess: (saved) => {
          toastSuccess(
            saved.conflitos.length
              ? 'Agendamento salvo com conflito sinalizado.'
              : 'Agendamento salvo.',
          );
          onSaved?.(saved.id);
          onClose();
        },
        onError: (e) => {
          setError(e.message);
          toastError(e.message);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={entry ? 'Editar agendamento' : 'Novo agendamento'}
      size="lg"
      fullScreen={phone}
    >
      <DatesProvider settings={{ locale: 'pt-br' }}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
            <DateInput
              label="Início"
              required
              valueFormat="DD/MM/YYYY"
              value={f.dataInicio}
              onChange={(v) =>
                setF((s) => ({
                  ...s,
                  dataInicio: v,
                  dataFim:
                    !s.dataFim || s.dataFim === s.dataInicio || (v && s.dataFim < v)
                      ? v
                      : s.dataFim,
                }))
              }
            />
            <TimeInput
              label="Hora"
              required
              value={f.horaInicio}
              onChange={(e) => set('horaInicio', e.currentTarget.value)}
            />
            <DateInput
              label="Fim"
              required
              valueFormat="DD/MM/YYYY"
              minDate={f.dataInicio ?? undefined}
              value={f.dataFim}
              onChange={(v) => set('dataFim', v)}
            />
            <TimeInput
              label="Hora"
              required
              value={f.horaFim}
              onChange={(e) => set('horaFim', e.currentTarget.value)}
            />
          </SimpleGrid>
          <TextInput
            label="Local"
            required
            placeholder="Endereço ou ponto de referência"
            value={f.local}
            onChange={(e) => set('local', e.currentTarget.value)}
            data-autofocus
          />
          <UnstyledButton onClick={() => setCoords((v) => !v)} aria-expanded={coords}>
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
              <NumberInput
                label="Latitude"
                placeholder="-23,5505"
                decimalScale={6}
                decimalSeparator=","
                min={-90}
                max={90}
                value={f.latitude}
                onChange={(v) => set('latitude', typeof v === 'number' ? v : '')}
              />
              <NumberInput
                label="Longitude"
                placeholder="-46,6333"
                decimalScale={6}
                decimalSeparator=","
                min={-180}
                max={180}
                value={f.longitude}
                onChange={(v) => set('longitude', typeof v === 'number' ? v : '')}
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
            onChange={(e) => set('descricao', e.currentTarget.value)}
          />
          {conflicts && (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title="Conflito de agenda"
            >
              <List size="sm" spacing={2}>
                {conflicts.map((c, i) => (
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
            {conflicts ? (
              <Button color="orange" onClick={() => void submit(true)} loading={save.isPending}>
                Salvar mesmo assim
              </Button>
            ) : (
              <Button onClick={() => void submit(false)} loading={checking || save.isPending}>
                Salvar
              </Button>
            )}
          </Group>
        </Stack>
      </DatesProvider>
    </Modal>
  );
}
