import { DateField, isValidDate } from '../../../components/date-field.tsx';
import type { ChecklistFieldProps } from '../utils/checklist-model.ts';

/** A date item (the calendar of @mantine/dates loads only for checklists that have one). */
export function ChecklistDateField({
  item,
  value,
  onChange,
  onCommit,
  disabled,
}: ChecklistFieldProps) {
  return (
    <DateField
      aria-label={item.titulo}
      size="md"
      value={typeof value === 'string' ? value : null}
      onChange={(v) => {
        if (v === null || isValidDate(v)) onChange(v);
      }}
      onBlur={onCommit}
      disabled={disabled}
      clearable
    />
  );
}
