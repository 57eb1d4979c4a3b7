import type { OsAssets } from '@eproto/domain';
import { formatBrNumber, formatDateBr } from '@eproto/domain';
import { useState } from 'react';

import { NumberField } from '../../../components/number-field.tsx';

type Meter = NonNullable<OsAssets['ativos'][number]['horimetro']>;

const hours = (h: number) => `${formatBrNumber(h, { decimals: 1, grouping: true })} h`;

/** The server's refusal of a reading below the last one, said before sending (offline too). */
function tooLow(m: Meter, horas: number): string | null {
  const u = m.ultima;
  return u && horas < u.horas
    ? `Leitura menor que a anterior (${hours(u.horas)} em ${formatDateBr(u.data)}): o horímetro não volta.`
    : null;
}

/**
 * "Horímetro (h)" of an asset with an hour meter, in its section of the OS checklist: typed the
 * Brazilian way ("1.234,5"), saved on blur or Enter through the OS's outbox (the asset's
 * reading with the OS linked); a value below the last reading is refused on the spot, and a
 * refusal of the server shows under the field.
 */
export function OsAssetMeter({
  meter,
  waiting,
  refusal,
  disabled,
  onSave,
}: {
  meter: Meter;
  /** Queued on the phone, not stored yet. */
  waiting: boolean;
  refusal: string | undefined;
  disabled: boolean;
  onSave: (horas: number) => Promise<unknown>;
}) {
  const [value, setValue] = useState<number | null>(meter.desta_os?.horas ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const last = meter.ultima
    ? `Última leitura: ${hours(meter.ultima.horas)} em ${formatDateBr(meter.ultima.data)}.`
    : 'Primeira leitura deste horímetro.';
  return (
    <NumberField
      label="Horímetro (h)"
      description={waiting ? `${last} Aguardando conexão.` : last}
      value={value}
      onChange={(v) => {
        setValue(v);
        setProblem(null);
      }}
      onCommit={(v) => {
        if (v === null || v === meter.desta_os?.horas) return;
        const low = tooLow(meter, v);
        if (low) return setProblem(low);
        void onSave(v).catch(() => undefined);
      }}
      decimals={1}
      min={0}
      max={9_999_999}
      disabled={disabled}
      error={problem ?? refusal}
      data-testid="os-asset-meter"
    />
  );
}
