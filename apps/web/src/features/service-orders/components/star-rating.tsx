import { ActionIcon, Group } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';

/** 1-5 stars as 48 px buttons (thumb-sized); tapping the chosen star again clears it. */
export function StarRating({
  value,
  onChange,
  label,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
  label: string;
}) {
  return (
    <Group gap={4} role="radiogroup" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => {
        const lit = value !== null && n <= value;
        return (
          <ActionIcon
            key={n}
            role="radio"
            aria-checked={value === n}
            aria-label={`${n} de 5`}
            size={48}
            variant="subtle"
            color="yellow"
            onClick={() => onChange(value === n ? null : n)}
          >
            {lit ? <IconStarFilled size={30} /> : <IconStar size={30} />}
          </ActionIcon>
        );
      })}
    </Group>
  );
}
