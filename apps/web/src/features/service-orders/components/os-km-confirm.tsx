import { KM_JUMP_WARN } from '@eproto/domain';
import { Checkbox } from '@mantine/core';

/**
 * "Confirmo: foram mais de 2.000 km": only for a return far past the departure, so Mantine's
 * Checkbox (with InlineInput) loads then, not with the OS screen (os-km-card.tsx).
 */
export function OsKmConfirm({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  return (
    <Checkbox
      size="md"
      label={`Confirmo: foram mais de ${KM_JUMP_WARN.toLocaleString('pt-BR')} km nesta viagem.`}
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
      error={error}
    />
  );
}
