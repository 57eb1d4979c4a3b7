import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';

import { parseBrDate } from '../utils/parse-date.ts';

/** A plain date (YYYY-MM-DD) typed or picked as dd/mm/aaaa; clearable. */
export function DateField(props: {
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string | undefined;
}) {
  return (
    <DateInput
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      valueFormat="DD/MM/YYYY"
      dateParser={parseBrDate}
      placeholder="dd/mm/aaaa"
      clearable
      leftSection={<IconCalendar size={16} />}
      error={props.error}
      popoverProps={{ withinPortal: true }}
    />
  );
}
