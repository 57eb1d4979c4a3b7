import { isValidDate } from '../../../components/date-text.ts';
import { PlainDateField } from '../../../components/plain-date-field.tsx';
import type { ChecklistFieldProps } from '../utils/checklist-model.ts';

/**
 * A date item: typed as dd/mm/aaaa, or picked in the calendar, whose code (@mantine/dates and
 * its popover) loads at the first tap on its button. Saved only once the person settles on a
 * whole date (leaving the field, or the calendar): while "10/12/2026" is typed, "10/12/20"
 * reads as 10/12/2020 and must not be stored. Meanwhile the card does not show "Feito" for a
 * text that is not a date.
 */
export function ChecklistDateField({
  item,
  value,
  onChange,
  onCommit,
  onTyping,
  disabled,
}: ChecklistFieldProps) {
  return (
    <PlainDateField
      aria-label={item.titulo}
      value={typeof value === 'string' ? value : null}
      onChange={(v) => onTyping?.(v === null || isValidDate(v) ? null : Number.NaN)}
      onCommit={(v) => {
        if (v !== value) onChange(v);
        onCommit?.();
      }}
      disabled={disabled}
    />
  );
}
