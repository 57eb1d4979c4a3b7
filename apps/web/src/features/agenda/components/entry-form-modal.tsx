import '../../../lib/zod-locale.ts';

import {
  agendaEntryBody,
  sstOverrideBody,
  textMaxLength,
  type AgendaConflict,
  type AgendaEntry,
  type AgendaEntryBody,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Collapse,
  Group,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown, IconShieldX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { INVALID_DATE, isValidDate } from '../../../components/date-field.tsx';
import {
  FormDateTimeField,
  FormNumberField,
  FormSelect,
} from '../../../components/form-fields.tsx';
import { dayjs } from '../../../lib/dates.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { checkConflicts } from '../api/check-conflicts.ts';
import { useActivityTypes } from '../api/get-activity-types.ts';
import { useDemandOptions } from '../api/get-options.ts';
import { ContractSelect } from '../../../components/pickers/contract-select.tsx';
import { VehicleSelect } from '../../../components/pickers/vehicle-select.tsx';
import { PeopleMultiSelect } from '../../../components/pickers/people-select.tsx';
import { useSaveEntry } from '../api/save-entry.ts';
import { hhmm, localDate } from '../utils/week.ts';
import { useSstGatedSubmit } from '../../sst/hooks/use-sst-gated-submit.ts';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

export interface EntryDraft {
  date?: string;
  pessoaId?: number;
}

/** The body's fields as typed: dates local ("YYYY-MM-DDTHH:mm"), texts untrimmed. */
interface Form {
  inicio: string | null;
  fim: string | null;
  local: string;
  latitude: number | null;
  longitude: number | null;
  contract_id: number | null;
  mural_id: number | null;
  pessoas: number[];
  vehicle_id: number | null;
  descricao: string;
  /** "Tipo de atividade" (SST requirements). */
  tipo_atividade_id: number | null;
}

function initial(entry: AgendaEntry | undefined, draft: EntryDraft | undefined): Form {
  if (entry) {
    return {
      inicio: `${localDate(entry.inicio)}T${hhmm(entry.inicio)}`,
      fim: `${localDate(entry.fim)}T${hhmm(entry.fim)}`,
      local: entry.local,
      latitude: entry.latitude ?? null,
      longitude: entry.longitude ?? null,
      contract_id: entry.contrato.id,
      mural_id: entry.demanda?.id ?? null,
      pessoas: entry.pessoas.map((p) => p.id),
      vehicle_id: entry.veiculo?.id ?? null,
      descricao: entry.descricao,
      tipo_atividade_id: entry.tipo_atividade?.id ?? null,
    };
  }
  const day = draft?.date ?? dayjs().format('YYYY-MM-DD');
  return {
    inicio: `${day}T08:00`,
    fim: `${day}T12:00`,
    local: '',
    latitude: null,
    longitude: null,
    contract_id: null,
    mural_id: null,
    pessoas: draft?.pessoaId ? [draft.pessoaId] : [],
    vehicle_id: null,
    descricao: '',
    tipo_atividade_id: null,
  };
}

/** A typed local date-time as the instant the API takes; empty is missing, half-typed is wrong. */
const instant = (local: string | null) =>
  local === null ? undefined : local === INVALID_DATE ? local : dayjs(local).toISOString();

type Body = z.output<typeof agendaEntryBody>;

/** The body the form sends, checked by the domain's agendaEntryBody (its messages and rules). */
const resolver: Resolver<Form, unknown, Body> = (f, ctx, opts) =>
  zodResolver(agendaEntryBody)(
    {
      ...f,
      inicio: instant(f.inicio),
      fim: instant(f.fim),
      contract_id: f.contract_id ?? undefined,
      local: f.local.trim(),
      descricao: f.descricao.trim(),
    } as AgendaEntryBody,
    ctx,
    opts as never,
  );

/** The end that follows a start moved to another day: an end on the old start day (or before). */
function followedEnd(oldInicio: string | null, inicio: string | null, fim: string | null) {
  const oldDay = oldInicio?.slice(0, 10);
  const newDay = inicio && isValidDate(inicio.slice(0, 10)) ? inicio.slice(0, 10) : null;
  const fimDay = fim?.slice(0, 10);
  if (!newDay || !fim || !isValidDate(fimDay)) return null;
  return fimDay === oldDay || fimDay < newDay ? `${newDay}${fim.slice(10)}` : null;
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
  const form = useForm<Form, unknown, Body>({
    resolver,
    defaultValues: initial(entry, draft),
  });
  const { control } = form;
  const [coords, setCoords] = useState(false);
  const [conflicts, setConflicts] = useState<AgendaConflict[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [motivo, setMotivo] = useState('');
  const types = useActivityTypes(opened);
  const [contractId, inicio] = useWatch({ control, name: ['contract_id', 'inicio'] });
  // Asked when the form opens: the drawer keeps this form mounted (closed) for every entry.
  const demands = useDemandOptions(opened ? contractId : null);
  const save = useSaveEntry();
  type Payload = { body: Body; confirm: boolean };
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
          liberacao_sst: release ?? null,
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
    form.reset(initial(entry, draft));
    setCoords(Boolean(entry?.latitude));
    setConflicts(null);
    setError(null);
    setMotivo('');
    gate.dismiss();
    // form.reset and gate.dismiss only clear state
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, entry, draft]);

  // A change of the form asks the conflicts again.
  useEffect(() => {
    const sub = form.watch((_values, { type }) => {
      if (type !== 'change') return;
      setConflicts(null);
      gate.dismiss();
    });
    return () => sub.unsubscribe();
    // gate.dismiss only clears state
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form]);

  const sstBlocks = gate.blocked ?? [];
  const bookings = (conflicts ?? []).filter((c) => c.tipo !== 'sst');

  const submit = (confirm: boolean) => {
    setError(null);
    void form.handleSubmit(
      (body) => gate.submit({ body, confirm }),
      // a wrong coordinate shows under its field: open them
      (errors) => {
        if (errors.latitude || errors.longitude) setCoords(true);
      },
    )();
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
          <FormDateTimeField
            control={control}
            name="inicio"
            label="Início"
            required
            onChange={(v) => {
              const fim = followedEnd(inicio, v, form.getValues('fim'));
              if (fim) form.setValue('fim', fim);
            }}
          />
          <FormDateTimeField
            control={control}
            name="fim"
            label="Fim"
            required
            minDate={isValidDate(inicio?.slice(0, 10)) ? inicio.slice(0, 10) : undefined}
          />
        </SimpleGrid>
        <TextInput
          label="Local"
          required
          placeholder="Endereço ou ponto de referência"
          maxLength={textMaxLength(agendaEntryBody, 'local')}
          {...form.register('local')}
          error={form.formState.errors.local?.message}
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
            <FormNumberField
              control={control}
              name="latitude"
              label="Latitude"
              placeholder="-23,5505"
              decimals={6}
              min={-90}
              max={90}
            />
            <FormNumberField
              control={control}
              name="longitude"
              label="Longitude"
              placeholder="-46,6333"
              decimals={6}
              min={-180}
              max={180}
            />
          </SimpleGrid>
        </Collapse>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Controller
            control={control}
            name="contract_id"
            render={({ field, fieldState }) => (
              <ContractSelect
                enabled={opened}
                ref={field.ref}
                label="Contrato"
                required
                value={field.value === null ? null : String(field.value)}
                onChange={(v) => {
                  field.onChange(v ? Number(v) : null);
                  form.setValue('mural_id', null);
                }}
                error={fieldState.error?.message}
              />
            )}
          />
          <FormSelect
            control={control}
            name="mural_id"
            numeric
            label="Demanda (opcional)"
            searchable
            clearable
            disabled={!contractId}
            data={demands.data ?? []}
            nothingFoundMessage="Nenhuma demanda neste contrato"
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="pessoas"
          render={({ field, fieldState }) => (
            <PeopleMultiSelect
              enabled={opened}
              label="Pessoas"
              required
              value={field.value.map(String)}
              onChange={(v) => field.onChange(v.map(Number))}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormSelect
          control={control}
          name="tipo_atividade_id"
          numeric
          label="Tipo de atividade (opcional)"
          description="Define os requisitos de SST (treinamentos, ASO, CNH) das pessoas."
          searchable
          clearable
          data={types.data ?? []}
          nothingFoundMessage="Nenhum tipo de atividade"
        />
        <VehicleSelect
          control={control}
          name="vehicle_id"
          enabled={opened}
          label="Veículo (opcional)"
        />
        <Textarea
          label="Descrição"
          required
          autosize
          minRows={2}
          maxLength={textMaxLength(agendaEntryBody, 'descricao')}
          {...form.register('descricao')}
          error={form.formState.errors.descricao?.message}
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
