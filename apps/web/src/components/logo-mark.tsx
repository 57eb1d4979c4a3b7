import { useId } from 'react';

interface LogoMarkProps {
  size?: number;
}

/** The E-Proto mark: an "E" whose middle stroke runs into a node, on a blue-teal tile. */
export function LogoMark({ size = 32 }: LogoMarkProps) {
  const id = useId();
  const gradient = `${id}-g`;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#5b74f2" />
          <stop offset="1" stopColor="#19b6a4" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      <path
        d="M10 8.5h11M10 16h7.5M10 23.5h11M10 8.5v15"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
      <circle cx="22.5" cy="16" r="2.6" fill="#fff" />
    </svg>
  );
}
