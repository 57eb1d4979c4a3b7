import '../../../lib/zod-locale.ts';

import type { InventoryItem, OsDetail } from '@eproto/domain';
import { osMaterialBody, textMaxLength } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconPackage, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { FormNumberField, FormSelect } from '../../../components/form-fields.tsx';
import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { useMaterials } from '../../../components/pickers/materials.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useOsStepMutation } from '../api/os-step.ts';
import { useOsPending } from '../api/use-os-with-pending.ts';
import { shortDateTime } from '../utils/os-format.ts';
import { TextInput } from '../../../components/text-fields.tsx';

/** What the technician types: the domain's osMaterialBody less the device time. */
const materialFields = osMaterialBody.pick({ item_id: true, quantidade: true, observacao: true });
type MaterialIn = z.input<typeof materialFields>;
type MaterialOut = z.output<typeof materialFields>;
const BLANK: MaterialIn = { item_id: null as unknown as number, quantidade: 1, observacao: '' };

const insufficient = (i: InventoryItem) =>
  `Estoque insuficiente: há ${i.quantidade} ${i.unidade} de ${i.nome}.`;

function AddMaterial({ os }: { os: OsDetail }) {
  const options = useMaterials();
  const step = useOsStepMutation(os.id);
  const items = useMemo(() => options.data ?? [], [options.data]);
  // a consumable cannot leave more than the stock the phone last saw (the server checks again)
  const resolver = useMemo(
    () =>
      zodResolver(
        materialFields.superRefine((b, ctx) => {
          const chosen = items.find((i) => i.id === b.item_id);
          if (chosen?.natureza === 'consumivel' && b.quantidade > chosen.quantidade) {
            ctx.addIssue({ code: 'custom', message: insufficient(chosen), path: ['quantidade'] });
          }
        }),
      ),
    [items],
  );
  // the first field is a searchable select: focused on a refused submit, its list covers the
  // messages
  const form = useForm<MaterialIn, unknown, MaterialOut>({
    resolver,
    defaultValues: BLANK,
    shouldFocusError: false,
  });
  const { control, formState } = form;
  const [itemId, quantidade] = useWatch({ control, name: ['item_id', 'quantidade'] });
  const chosen = items.find((i) => i.id === itemId);
  const low =
    chosen?.natureza === 'consumivel' &&
    typeof quantidade === 'number' &&
    Number.isFinite(quantidade) &&
    quantidade > chosen.quantidade;

  const submit = form.handleSubmit(async (body) => {
    const item = items.find((i) => i.id === body.item_id);
    try {
      const r = await step.mutateAsync({ tipo: 'material', body });
      if (r.status === 'sent' && item)
        toastSuccess(`${body.quantidade} ${item.unidade} de ${item.nome} registrado.`);
      form.reset(BLANK);
    } catch (e) {
      form.setError('root.server', {
        message: e instanceof Error ? e.message : 'Não foi possível registrar o material.',
      });
    }
  });
  const refused = formState.errors.root?.server?.message;

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Text fw={600}>Registrar material usado</Text>
        {options.isError && (
          <Alert color="red">Não foi possível carregar o inventário: {options.error.message}</Alert>
        )}
        <FormSelect
          control={control}
          name="item_id"
          numeric
          label="Material ou ferramenta"
          placeholder={options.isPending ? 'Carregando…' : 'Busque pelo nome ou código'}
          size="md"
          searchable
          nothingFoundMessage="Nenhum item encontrado"
          data={items.map((i) => ({
            value: String(i.id),
            label: `${i.codigo} — ${i.nome}${i.natureza === 'consumivel' ? ` (estoque ${i.quantidade} ${i.unidade})` : ' (ferramenta)'}`,
          }))}
          comboboxProps={{ withinPortal: true }}
        />
        <FormNumberField
          control={control}
          name="quantidade"
          label={`Quantidade${chosen ? ` (${chosen.unidade})` : ''}`}
          size="md"
          decimals={0}
          error={low ? insufficient(chosen) : undefined}
        />
        <TextInput
          label="Observação (opcional)"
          size="md"
          maxLength={textMaxLength(osMaterialBody, 'observacao')}
          {...form.register('observacao')}
          error={formState.errors.observacao?.message}
        />
        {refused && (
          <Alert color="red" role="alert">
            {refused}
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
