import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';

/** A plain date (YYYY-MM-DD) typed or picked as dd/mm/aaaa. */
export function DateField(props: {
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  return (
    <DateInput
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      clearable
      leftSection={<IconCalendar size={16} />}
      error={props.error}
      disabled={props.disabled}
      popoverProps={{ withinPortal: true }}
    />
  );
}
