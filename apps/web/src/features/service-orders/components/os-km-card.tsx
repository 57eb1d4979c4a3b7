import type { OsDetail } from '@eproto/domain';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';

import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { PlainNumberField } from '../../../components/plain-input.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useOsStepMutation } from '../api/os-step.ts';
import { useOsPending } from '../api/use-os-with-pending.ts';
import { isKmJump } from '../utils/km-jump.ts';

// The confirmation of a long trip (Mantine's Checkbox) only when the km typed asks for it.
const OsKmConfirm = lazy(() =>
  import('./os-km-confirm.tsx').then((m) => ({ default: m.OsKmConfirm })),
);

const km = (n: number | null) => (n === null ? '—' : `${n.toLocaleString('pt-BR')} km`);

type KmErrors = { km?: string; confirmar_km_alto?: string; server?: string };

/**
 * Vehicle km at departure (fleet check-out) and return (check-in), when the OS has a vehicle.
 * The card paints with the OS (a plain number field, no form library); the domain's osKmBody
 * checks what was typed at the first "Registrar" (os-km-check.ts, with zod), so neither zod nor
 * react-hook-form comes with the OS screen (issue 33).
 */
export function OsKmCard({ os, editable }: { os: OsDetail; editable: boolean }) {
  const step = useOsStepMutation(os.id);
  const pending = useOsPending();
  const tipo = os.km.saida === null ? 'saida' : os.km.retorno === null ? 'retorno' : null;
  const saida = os.km.saida;
  const [value, setValue] = useState<number | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<KmErrors>({});
  const [checking, setChecking] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  if (!os.veiculo) return null;

  const jump = isKmJump(tipo, saida, value);

  const submit = async () => {
    if (!tipo) return;
    setChecking(true);
    try {
      const { checkKm } = await import('./os-km-check.ts');
      const checked = checkKm({ km: value, confirmar_km_alto: confirmed }, tipo, saida);
      if (!checked.ok) {
        setErrors(checked.errors);
        if (checked.errors.km) field.current?.focus();
        return;
      }
      setErrors({});
      const r = await step.mutateAsync({ tipo: 'km', body: { tipo, ...checked.body } });
      if (r.status === 'sent')
        toastSuccess(tipo === 'saida' ? 'Km de saída registrado.' : 'Km de retorno registrado.');
      setValue(null);
      setConfirmed(false);
    } catch (e) {
      setErrors({ server: e instanceof Error ? e.message : 'Não foi possível registrar o km.' });
    } finally {
      setChecking(false);
    }
  };

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
            <PlainNumberField
              ref={field}
              label={tipo === 'saida' ? 'Km na saída' : 'Km no retorno'}
              decimals={0}
              min={0}
              max={5_000_000}
              value={value}
              error={errors.km}
              onChange={(v) => {
                setValue(v);
                if (errors.km) setErrors(({ km: _, ...rest }) => rest);
              }}
            />
            {jump && (
              <Suspense fallback={null}>
                <OsKmConfirm
                  checked={confirmed}
                  onChange={(c) => {
                    setConfirmed(c);
                    if (c) setErrors(({ confirmar_km_alto: _, ...rest }) => rest);
                  }}
                  error={errors.confirmar_km_alto}
                />
              </Suspense>
            )}
            {errors.server && (
              <Alert color="red" role="alert">
                {errors.server}
              </Alert>
            )}
            <Button size="md" onClick={() => void submit()} loading={checking || step.isPending}>
              {tipo === 'saida' ? 'Registrar km de saída' : 'Registrar km de retorno'}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
