import '../../../lib/zod-locale.ts';

import {
  addDaysTo,
  API_TOKEN_MAX_DAYS,
  createApiTokenBody,
  daysBetweenDates,
  DEFAULT_TIME_ZONE,
  formatDateBr,
  textMaxLength,
  todayIn,
  type CreatedApiToken,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Checkbox, Input, SegmentedControl, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { FormDateField } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextInput } from '../../../components/text-fields.tsx';
import { refusedField } from '../../../lib/api-error.ts';
import { toastError } from '../../../lib/toast.ts';
import { useCreateApiToken } from '../api/create-api-token.ts';
import { usePeopleOptions } from '../api/search-people.ts';
import { ApiTokenScopesField } from './api-token-scopes-field.tsx';

type In = z.input<typeof createApiTokenBody>;
type Out = z.output<typeof createApiTokenBody>;

/** The validity presets, in days from today; "data" is a date typed or picked. */
const PRESETS = ['30', '90', '365'] as const;
const OTHER = 'data';
const DEFAULT_DAYS = 90;

function emptyForm(today: string): In {
  return {
    usuario_id: undefined as unknown as number,
    nome: '',
    expira_em: addDaysTo(today, DEFAULT_DAYS),
    escopos: [],
  };
}

/** The active account the token acts for: a search over /users, like the activity filter. */
function PersonSelect({
  value,
  onChange,
  error,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  error?: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const people = usePeopleOptions(debounced);
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const options = people.data ?? [];
  const data =
    picked && !options.some((o) => o.value === picked.value) ? [picked, ...options] : options;
  return (
    <Select
      label="Pessoa"
      description="O token age em nome dela, com o papel e as permissões dela."
      placeholder="Busque pelo nome ou e-mail"
      required
      searchable
      data={data}
      value={value ? String(value) : null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      onChange={(v, option) => {
        setPicked(v ? option : null);
        onChange(v ? Number(v) : undefined);
      }}
      nothingFoundMessage={people.isFetching ? 'Carregando...' : 'Ninguém encontrado'}
      error={error}
    />
  );
}

/** "Novo token": person, name, scopes and validity; on success the token goes to `onCreated`. */
export function ApiTokenFormModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (created: CreatedApiToken) => void;
}) {
  const create = useCreateApiToken();
  const [today, setToday] = useState(() => todayIn(DEFAULT_TIME_ZONE));
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(createApiTokenBody),
    defaultValues: emptyForm(today),
  });

  useEffect(() => {
    if (!opened) return;
    const now = todayIn(DEFAULT_TIME_ZONE);
    setToday(now);
    form.reset(emptyForm(now));
  }, [opened, form]);

  const expiry = useWatch({ control: form.control, name: 'expira_em' });
  const days = typeof expiry === 'string' ? String(daysBetweenDates(today, expiry)) : '';
  const preset = (PRESETS as readonly string[]).includes(days) ? days : OTHER;
  const never = expiry === null;
  const maxDate = addDaysTo(today, API_TOKEN_MAX_DAYS);

  const submit = form.handleSubmit(async (body) => {
    const created = await create.mutateAsync(body).catch((e: Error) => {
      const field = refusedField(e, ['usuario_id', 'nome', 'expira_em', 'escopos'] as const);
      if (field) form.setError(field, { type: 'server', message: e.message });
      else toastError(e.message);
      return null;
    });
    if (!created) return;
    onClose();
    onCreated(created);
  });

  const errors = form.formState.errors;
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Novo token de API"
      size="lg"
      onSubmit={submit}
      submitLabel="Criar token"
      loading={create.isPending}
    >
      <Controller
        control={form.control}
        name="usuario_id"
        render={({ field }) => (
          <PersonSelect
            value={field.value}
            onChange={field.onChange}
            error={errors.usuario_id?.message}
          />
        )}
      />
      <TextInput
        {...form.register('nome')}
        maxLength={textMaxLength(createApiTokenBody, 'nome')}
        label="Nome do token"
        description="Para reconhecer o token na lista: o sistema e o uso."
        placeholder="ERP — leitura de OS"
        required
        error={errors.nome?.message}
      />
      <Controller
        control={form.control}
        name="escopos"
        render={({ field }) => (
          <ApiTokenScopesField
            value={field.value}
            onChange={field.onChange}
            error={errors.escopos?.message ?? errors.escopos?.root?.message}
          />
        )}
      />
      <Input.Wrapper
        label="Validade"
        description={`Até ${API_TOKEN_MAX_DAYS} dias, ou sem expiração. O token funciona até o fim do último dia (horário de Brasília).`}
      >
        <Stack gap="xs" mt={6}>
          <Checkbox
            label="Sem expiração: vale até ser revogado"
            checked={never}
            onChange={(e) =>
              form.setValue(
                'expira_em',
                e.currentTarget.checked ? null : addDaysTo(today, DEFAULT_DAYS),
                { shouldValidate: true },
              )
            }
          />
          {never ? (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
              Um token sem expiração continua valendo se vazar. Prefira uma validade e troque o
              token antes dela; revogue-o quando a integração deixar de ser usada.
            </Alert>
          ) : (
            <>
              <SegmentedControl
                fullWidth
                aria-label="Validade"
                data={[
                  ...PRESETS.map((d) => ({ value: d, label: `${d} dias` })),
                  { value: OTHER, label: 'Outra data' },
                ]}
                value={preset}
                onChange={(v) => {
                  if (v === OTHER) form.setFocus('expira_em');
                  else
                    form.setValue('expira_em', addDaysTo(today, Number(v)), {
                      shouldValidate: true,
                    });
                }}
              />
              <FormDateField
                control={form.control}
                name="expira_em"
                // Emptied, the field is not a date (an error), never "sem expiração".
                emptyValue=""
                label="Último dia de uso"
                required
                minDate={today}
                maxDate={maxDate}
                error={
                  errors.expira_em &&
                  (errors.expira_em.type === 'server'
                    ? errors.expira_em.message
                    : `Informe a data como dd/mm/aaaa, até ${formatDateBr(maxDate)}.`)
                }
              />
            </>
          )}
        </Stack>
      </Input.Wrapper>
    </FormModal>
  );
}
