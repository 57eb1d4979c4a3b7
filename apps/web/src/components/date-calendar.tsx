import '@mantine/dates/styles.css';

import { ActionIcon, Popover } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/**
 * The calendar button of plain-date-field.tsx once it was tapped: Mantine's Popover with the
 * DatePicker, opened at once (the tap that loaded it asked for it), the focus kept on the button
 * that replaced the plain one.
 */
export default function DateCalendar({
  value,
  disabled,
  onPick,
}: {
  value: string | null;
  disabled?: boolean;
  onPick: (value: string | null) => void;
}) {
  const [opened, setOpened] = useState(true);
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => target.current?.focus(), []);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      disabled={disabled}
    >
      <Popover.Target>
        <ActionIcon
          ref={target}
          variant="subtle"
          color="gray"
          aria-label="Abrir calendário"
          onClick={() => setOpened((o) => !o)}
          disabled={disabled}
        >
          <IconCalendar size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <DatePicker
          locale="pt-br"
          value={value}
          defaultDate={value ?? undefined}
          onChange={(d) => {
            setOpened(false);
            onPick(d);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
