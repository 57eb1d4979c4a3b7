import '../../../lib/zod-locale.ts';

import type { OsDetail, OsKmKind } from '@eproto/domain';
import { KM_JUMP_WARN, osKmBody } from '@eproto/domain';
import { Alert, Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import type { Resolver } from 'react-hook-form';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { FormNumberField } from '../../../components/form-fields.tsx';
import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useOsStepMutation } from '../api/os-step.ts';
import { useOsPending } from '../api/use-os-with-pending.ts';

const km = (n: number | null) => (n === null ? '—' : `${n.toLocaleString('pt-BR')} km`);

/** The km typed and the confirmation of a long trip, as the domain's osKmBody checks them. */
const kmFields = osKmBody.pick({ km: true, confirmar_km_alto: true });
type KmIn = z.input<typeof kmFields>;
type KmOut = z.output<typeof kmFields>;

/** A return more than KM_JUMP_WARN after the departure needs the confirmation ticked. */
const isJump = (tipo: OsKmKind | null, saida: number | null, value: unknown) =>
  tipo === 'retorno' && saida !== null && typeof value === 'number' && value - saida > KM_JUMP_WARN;

/** Vehicle km at departure (fleet check-out) and return (check-in), when the OS has a vehicle. */
export function OsKmCard({ os, editable }: { os: OsDetail; editable: boolean }) {
  const step = useOsStepMutation(os.id);
  const pending = useOsPending();
  const tipo = os.km.saida === null ? 'saida' : os.km.retorno === null ? 'retorno' : null;
  const saida = os.km.saida;
  const resolver = useMemo<Resolver<KmIn, unknown, KmOut>>(
    () =>
      zodResolver(
        kmFields.refine((v) => v.confirmar_km_alto || !isJump(tipo, saida, v.km), {
          path: ['confirmar_km_alto'],
          message: 'Confira o km ou confirme que está certo.',
        }),
      ),
    [tipo, saida],
  );
  const form = useForm<KmIn, unknown, KmOut>({
    resolver,
    defaultValues: { confirmar_km_alto: false },
  });
  const { control, formState } = form;
  const value = useWatch({ control, name: 'km' });
  if (!os.veiculo) return null;

  const jump = isJump(tipo, saida, value);

  const submit = form.handleSubmit(async (body) => {
    if (!tipo) return;
    try {
      const r = await step.mutateAsync({ tipo: 'km', body: { tipo, ...body } });
      if (r.status === 'sent')
        toastSuccess(tipo === 'saida' ? 'Km de saída registrado.' : 'Km de retorno registrado.');
      form.reset({ confirmar_km_alto: false });
    } catch (e) {
      form.setError('root.server', {
        message: e instanceof Error ? e.message : 'Não foi possível registrar o km.',
      });
    }
  });
  const refused = formState.errors.root?.server?.message;

  return (
    <Card withBorder radius="md" padding="md" data-testid="os-km">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCar size={20} />
          <Text fw={600}>
            Veículo {os.veiculo.placa} · {os.veiculo.modelo}
          </Text>
        </Group>
        <Group gap="lg">
          <Text size="sm">Saída: {km(os.km.saida)}</Text>
          <Text size="sm">Retorno: {km(os.km.retorno)}</Text>
          {os.km.rodados !== null && <Text size="sm">Rodados: {km(os.km.rodados)}</Text>}
          {pending.km.size > 0 && <PendingBadge />}
        </Group>
        {editable && tipo && (
          <>
            <FormNumberField
              control={control}
              name="km"
              label={tipo === 'saida' ? 'Km na saída' : 'Km no retorno'}
              size="md"
              decimals={0}
              min={0}
              max={5_000_000}
            />
            {jump && (
              <Checkbox
                size="md"
                label={`Confirmo: foram mais de ${KM_JUMP_WARN.toLocaleString('pt-BR')} km nesta viagem.`}
                {...form.register('confirmar_km_alto')}
                error={formState.errors.confirmar_km_alto?.message}
              />
            )}
            {refused && (
              <Alert color="red" role="alert">
                {refused}
              </Alert>
            )}
            <Button size="md" onClick={() => void submit()} loading={step.isPending}>
              {tipo === 'saida' ? 'Registrar km de saída' : 'Registrar km de retorno'}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
