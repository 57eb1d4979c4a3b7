import { useState } from 'react';

import classes from './initials-avatar.module.css';

// Mantine's Avatar with color="initials" (light variant, round), in a few lines: the top bar of
// every signed-in page shows one, and Avatar brings its group, placeholder icon and colour
// resolver (~2 KB gzip) to each field route's first load (issue 33). Same colours, same initials.
const COLORS = [
  'blue',
  'cyan',
  'grape',
  'green',
  'indigo',
  'lime',
  'orange',
  'pink',
  'red',
  'teal',
  'violet',
];

/** Mantine's getInitialsColor: the same person keeps the same colour everywhere. */
function initialsColor(name: string): string {
  let hash = 0;
  for (let i = 0; i < name.length; i += 1) {
    hash = (hash << 5) - hash + name.charCodeAt(i);
    hash |= 0;
  }
  return COLORS[Math.abs(hash) % COLORS.length]!;
}

/** Mantine's getInitials: first letters of the first two words, or the first two letters. */
function initials(name: string): string {
  const words = name.split(' ');
  if (words.length === 1) return name.slice(0, 2).toUpperCase();
  return words
    .map((w) => w[0])
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

/** A round picture of `size` px, or the person's initials on their colour when there is none. */
export function InitialsAvatar({
  name,
  src,
  size,
}: {
  name: string;
  src: string | null;
  size: number;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const color = initialsColor(name);
  return (
    <span
      className={classes.root}
      data-initials-color={color}
      style={{
        width: size,
        height: size,
        minWidth: size,
        fontSize: size / 2.5,
        background: `var(--mantine-color-${color}-light)`,
        color: `var(--mantine-color-${color}-light-color)`,
      }}
    >
      {src && failed !== src ? (
        <img className={classes.image} src={src} alt="" onError={() => setFailed(src)} />
      ) : (
        initials(name)
      )}
    </span>
  );
}
