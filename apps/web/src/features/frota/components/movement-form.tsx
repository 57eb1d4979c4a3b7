import type { InventoryItem, MovementType } from '@eproto/domain';
import {
  can,
  MOVEMENT_TYPE_LABELS,
  quantityOf,
  unitFor,
  movementBody,
  textMaxLength,
} from '@eproto/domain';
import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { NumberField } from '../../../components/number-field.tsx';
import { useSession } from '../../../lib/session.ts';
import { useMoveInventoryItem } from '../api/move-inventory-item.ts';
import { usePeople } from '../api/get-people.ts';
import { subjectOf } from '../../../lib/permission-subject.ts';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

const NO_HOLDER = '__none__';

/** Entrada, saída, transferência or baixa of an item; the server refuses negative stock. */
export function MovementForm({ item }: { item: InventoryItem }) {
  const { user } = useSession();
  const people = usePeople();
  const move = useMoveInventoryItem();
  const patrimony = item.natureza === 'patrimonio';
  const types: MovementType[] = patrimony
    ? ['transferencia', 'baixa']
    : ['entrada', 'saida', 'transferencia', 'baixa'];
  const [tipo, setTipo] = useState<MovementType>(types[0]!);
  const [quantidade, setQuantidade] = useState<number | null>(null);
  const [destino, setDestino] = useState('');
  const [holder, setHolder] = useState<string | null>(null);
  const [motivo, setMotivo] = useState('');
  const canWriteOff = can(subjectOf(user), 'inventory.writeoff');
  const needsQty = !patrimony && tipo !== 'transferencia';

  const reset = () => {
    setQuantidade(null);
    setDestino('');
    setHolder(null);
    setMotivo('');
  };

  const submit = () => {
    move.mutate(
      {
        itemId: item.id,
        tipo,
        quantidade: needsQty && quantidade !== null ? quantidade : undefined,
        destino_localizacao: destino.trim() || null,
        ...(patrimony && tipo === 'transferencia' && holder !== null
          ? { responsavel_id: holder === NO_HOLDER ? null : Number(holder) }
          : {}),
        motivo: motivo.trim() || null,
      },
      { onSuccess: reset },
    );
  };

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
        onChange={(v) => setTipo(v)}
        fullWidth
      />
      {tipo === 'baixa' && !canWriteOff && (
        <Text size="xs" c="dimmed">
          Somente gerente ou diretoria podem registrar baixa.
        </Text>
      )}
      {needsQty && (
        <NumberField
          label="Quantidade"
          required
          min={1}
          decimals={0}
          rightSection={
            <Text size="sm" c="dimmed" pr="xs">
              {unitFor(quantidade ?? 0, item.unidade)}
            </Text>
          }
          rightSectionWidth="auto"
          value={quantidade}
          onChange={setQuantidade}
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
          value={destino}
          onChange={(e) => setDestino(e.currentTarget.value)}
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
          value={holder}
          onChange={setHolder}
        />
      )}
      <Textarea
        label={tipo === 'baixa' ? 'Motivo da baixa' : 'Observação'}
        maxLength={textMaxLength(movementBody, 'motivo')}
        required={tipo === 'baixa'}
        autosize
        minRows={1}
        value={motivo}
        onChange={(e) => setMotivo(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          onClick={submit}
          loading={move.isPending}
          color={tipo === 'baixa' ? 'red' : undefined}
        >
          Registrar {MOVEMENT_TYPE_LABELS[tipo].toLowerCase()}
        </Button>
      </Group>
    </Stack>
  );
}
