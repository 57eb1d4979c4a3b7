import '../../../lib/zod-locale.ts';

import type { InventoryItem, MovementType } from '@eproto/domain';
import {
  applyMovement,
  can,
  MOVEMENT_TYPE_LABELS,
  quantityOf,
  unitFor,
  movementBody,
  textMaxLength,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { Resolver } from 'react-hook-form';
import { useController, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { FormNumberField } from '../../../components/form-fields.tsx';
import { refusedField } from '../../../lib/api-error.ts';
import { useSession } from '../../../lib/session.ts';
import { useMoveInventoryItem } from '../api/move-inventory-item.ts';
import { usePeopleOptions } from '../../../components/pickers/people.ts';
import { subjectOf } from '../../../lib/permission-subject.ts';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

const NO_HOLDER = '__none__';

/** What the form holds: the holder picked ("keep" while none is), the texts as typed. */
interface Values {
  tipo: MovementType;
  quantidade: number | null;
  destino_localizacao: string;
  /** null keeps the holder; NO_HOLDER clears it; else the person's id. */
  holder: string | null;
  motivo: string;
}
type Body = z.output<typeof movementBody>;

const FIELDS = ['quantidade', 'destino_localizacao', 'responsavel_id', 'motivo', 'tipo'] as const;

const blank = (tipo: MovementType): Values => ({
  tipo,
  quantidade: null,
  destino_localizacao: '',
  holder: null,
  motivo: '',
});

/**
 * The body this movement sends, checked by the domain's movementBody and then by its stock
 * rules (applyMovement: quantity, negative stock, the reason of a baixa, a transfer that moves
 * nothing), so the server's own messages show under their field before anything is sent.
 */
function resolverFor(item: InventoryItem): Resolver<Values, unknown, Body> {
  const patrimony = item.natureza === 'patrimonio';
  const schema = movementBody.superRefine((b, ctx) => {
    const r = applyMovement(
      {
        natureza: item.natureza,
        quantidade: item.quantidade,
        localizacao: item.localizacao,
        responsavel_id: item.responsavel?.id ?? null,
        estado: item.estado,
      },
      b,
    );
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.error, path: [r.field] });
  });
  return async (v, ctx, opts) => {
    const needsQty = !patrimony && v.tipo !== 'transferencia';
    const result = await zodResolver(schema)(
      {
        tipo: v.tipo,
        quantidade: needsQty ? (v.quantidade ?? undefined) : undefined,
        destino_localizacao: v.destino_localizacao,
        ...(patrimony && v.tipo === 'transferencia' && v.holder !== null
          ? { responsavel_id: v.holder === NO_HOLDER ? null : Number(v.holder) }
          : {}),
        motivo: v.motivo,
      },
      ctx,
      opts as never,
    );
    // the holder's message goes under the holder's select
    const { responsavel_id: holder, ...errors } = result.errors as Record<string, unknown>;
    return (holder ? { values: {}, errors: { ...errors, holder } } : result) as Awaited<
      ReturnType<Resolver<Values, unknown, Body>>
    >;
  };
}

/** Entrada, saída, transferência or baixa of an item; the server refuses negative stock. */
export function MovementForm({ item }: { item: InventoryItem }) {
  const { user } = useSession();
  const people = usePeopleOptions();
  const move = useMoveInventoryItem();
  const patrimony = item.natureza === 'patrimonio';
  const types: MovementType[] = patrimony
    ? ['transferencia', 'baixa']
    : ['entrada', 'saida', 'transferencia', 'baixa'];
  const resolver = useMemo(() => resolverFor(item), [item]);
  const form = useForm<Values, unknown, Body>({ resolver, defaultValues: blank(types[0]!) });
  const { control, formState } = form;
  const [tipo, quantidade] = useWatch({ control, name: ['tipo', 'quantidade'] });
  const holder = useController({ control, name: 'holder' });
  const canWriteOff = can(subjectOf(user), 'inventory.writeoff');
  const needsQty = !patrimony && tipo !== 'transferencia';

  const submit = form.handleSubmit((body) =>
    move
      .mutateAsync({ itemId: item.id, ...body })
      .then(() => form.reset(blank(body.tipo)))
      .catch((e: unknown) => {
        // the toast says it; a refusal that names a field also shows under it
        const field = refusedField(e, FIELDS);
        if (field && e instanceof Error) {
          form.setError(field === 'responsavel_id' ? 'holder' : field, { message: e.message });
        }
      }),
  );

  if (item.estado === 'baixado') {
    return (
      <Text size="sm" c="dimmed">
        Item baixado: não aceita movimentações.
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Tipo de movimentação"
        data={types.map((t) => ({
          value: t,
          label: MOVEMENT_TYPE_LABELS[t],
          disabled: t === 'baixa' && !canWriteOff,
        }))}
        value={tipo}
        onChange={(v) => {
          form.setValue('tipo', v);
          form.clearErrors();
        }}
        fullWidth
      />
      {tipo === 'baixa' && !canWriteOff && (
        <Text size="xs" c="dimmed">
          Somente gerente ou diretoria podem registrar baixa.
        </Text>
      )}
      {formState.errors.tipo?.message && (
        <Text size="sm" c="red" role="alert">
          {formState.errors.tipo.message}
        </Text>
      )}
      {needsQty && (
        <FormNumberField
          control={control}
          name="quantidade"
          label="Quantidade"
          required
          min={1}
          decimals={0}
          rightSection={
            <Text size="sm" c="dimmed" pr="xs">
              {unitFor(
                typeof quantidade === 'number' && Number.isFinite(quantidade) ? quantidade : 0,
                item.unidade,
              )}
            </Text>
          }
          rightSectionWidth="auto"
          description={
            tipo === 'entrada'
              ? undefined
              : `Disponível: ${quantityOf(item.quantidade, item.unidade)}`
          }
        />
      )}
      {(tipo === 'transferencia' || tipo === 'saida') && (
        <TextInput
          label={tipo === 'transferencia' ? 'Novo local' : 'Destino'}
          maxLength={textMaxLength(movementBody, 'destino_localizacao')}
          placeholder={tipo === 'transferencia' ? item.localizacao : 'Obra, contrato ou pessoa'}
          {...form.register('destino_localizacao')}
          error={formState.errors.destino_localizacao?.message}
        />
      )}
      {patrimony && tipo === 'transferencia' && (
        <Select
          label="Novo responsável"
          placeholder={
            item.responsavel ? `Manter ${item.responsavel.nome}` : 'Manter sem responsável'
          }
          searchable
          clearable
          data={[
            { value: NO_HOLDER, label: 'Sem responsável (volta ao almoxarifado)' },
            ...(people.data ?? []),
          ]}
          value={holder.field.value}
          onChange={holder.field.onChange}
          error={holder.fieldState.error?.message}
        />
      )}
      <Textarea
        label={tipo === 'baixa' ? 'Motivo da baixa' : 'Observação'}
        maxLength={textMaxLength(movementBody, 'motivo')}
        required={tipo === 'baixa'}
        autosize
        minRows={1}
        {...form.register('motivo')}
        error={formState.errors.motivo?.message}
      />
      <Group justify="flex-end">
        <Button
          onClick={() => void submit()}
          loading={move.isPending}
          color={tipo === 'baixa' ? 'red' : undefined}
        >
          Registrar {MOVEMENT_TYPE_LABELS[tipo].toLowerCase()}
        </Button>
      </Group>
    </Stack>
  );
}
