import type { OsDetail } from '@eproto/domain';
import { ActionIcon, Alert, Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconPackage, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { NumberField } from '../../../components/number-field.tsx';
import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { useMaterials } from '../../../components/pickers/materials.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useOsStepMutation } from '../api/os-step.ts';
import { useOsPending } from '../api/use-os-with-pending.ts';
import { shortDateTime } from '../utils/os-format.ts';
import { TextInput } from '../../../components/text-fields.tsx';

function AddMaterial({ os }: { os: OsDetail }) {
  const options = useMaterials();
  const step = useOsStepMutation(os.id);
  const [itemId, setItemId] = useState<string | null>(null);
  const [quantidade, setQuantidade] = useState<number | null>(1);
  const [observacao, setObservacao] = useState('');
  const [error, setError] = useState<string | null>(null);

  const items = options.data ?? [];
  const chosen = items.find((i) => String(i.id) === itemId);
  const low =
    chosen?.natureza === 'consumivel' &&
    typeof quantidade === 'number' &&
    Number.isFinite(quantidade) &&
    quantidade > chosen.quantidade;

  const submit = async () => {
    setError(null);
    if (!chosen) return setError('Escolha o material.');
    if (typeof quantidade !== 'number' || !Number.isFinite(quantidade) || quantidade < 1) {
      return setError('Informe a quantidade (número inteiro a partir de 1).');
    }
    if (low) {
      return setError(
        `Estoque insuficiente: há ${chosen.quantidade} ${chosen.unidade} de ${chosen.nome}.`,
      );
    }
    try {
      const r = await step.mutateAsync({
        tipo: 'material',
        body: { item_id: chosen.id, quantidade, observacao: observacao.trim() || null },
      });
      if (r.status === 'sent')
        toastSuccess(`${quantidade} ${chosen.unidade} de ${chosen.nome} registrado.`);
      setItemId(null);
      setQuantidade(1);
      setObservacao('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível registrar o material.');
    }
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Text fw={600}>Registrar material usado</Text>
        {options.isError && (
          <Alert color="red">Não foi possível carregar o inventário: {options.error.message}</Alert>
        )}
        <Select
          label="Material ou ferramenta"
          placeholder={options.isPending ? 'Carregando…' : 'Busque pelo nome ou código'}
          size="md"
          searchable
          nothingFoundMessage="Nenhum item encontrado"
          data={items.map((i) => ({
            value: String(i.id),
            label: `${i.codigo} — ${i.nome}${i.natureza === 'consumivel' ? ` (estoque ${i.quantidade} ${i.unidade})` : ' (ferramenta)'}`,
          }))}
          value={itemId}
          onChange={setItemId}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberField
          label={`Quantidade${chosen ? ` (${chosen.unidade})` : ''}`}
          size="md"
          decimals={0}
          min={1}
          max={100_000}
          value={quantidade}
          onChange={setQuantidade}
          error={
            low ? `Estoque insuficiente: há ${chosen.quantidade} ${chosen.unidade}.` : undefined
          }
        />
        <TextInput
          label="Observação (opcional)"
          size="md"
          maxLength={300}
          value={observacao}
          onChange={(e) => setObservacao(e.currentTarget.value)}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button
          size="md"
          leftSection={<IconPlus size={18} />}
          onClick={() => void submit()}
          loading={step.isPending}
        >
          Registrar material
        </Button>
      </Stack>
    </Card>
  );
}

/** Materials used: each consumable left the stock linked to the OS and its contract. */
export function OsMaterialsTab({ os, editable }: { os: OsDetail; editable: boolean }) {
  const step = useOsStepMutation(os.id);
  const pending = useOsPending();
  return (
    <Stack gap="sm">
      {os.materiais.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nenhum material registrado.
        </Text>
      ) : (
        os.materiais.map((m) => (
          <Card key={m.id} withBorder radius="md" padding="sm" data-testid="os-material">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconPackage size={20} style={{ flexShrink: 0 }} />
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {m.quantidade} {m.item.unidade} · {m.item.nome}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {m.item.codigo} · {m.registrado_por?.nome ?? ''} · {shortDateTime(m.created_at)}
                    {m.observacao ? ` · ${m.observacao}` : ''}
                  </Text>
                  {pending.materials.has(m.id) && <PendingBadge size="xs" />}
                </div>
              </Group>
              <Group gap={4} wrap="nowrap">
                <Badge
                  variant="light"
                  color={m.item.natureza === 'consumivel' ? 'blue' : 'gray'}
                  style={{ flexShrink: 0 }}
                >
                  {m.item.natureza === 'consumivel' ? 'Saída' : 'Ferramenta'}
                </Badge>
                {editable && (
                  <ActionIcon
                    size={44}
                    variant="subtle"
                    color="red"
                    aria-label={`Estornar ${m.item.nome}`}
                    onClick={() =>
                      step
                        .mutateAsync({ tipo: 'material-estornar', materialId: m.id })
                        .then(() => toastSuccess('Material estornado.'))
                        .catch((e: Error) => toastError(e.message))
                    }
                  >
                    <IconArrowBackUp size={20} />
                  </ActionIcon>
                )}
              </Group>
            </Group>
          </Card>
        ))
      )}
      {editable && <AddMaterial os={os} />}
    </Stack>
  );
}
