// Line icons drawn inline (24x24, stroke): no icon font or remote sprite to fetch.
const PATHS = {
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3z M9 12l2 2 4-4',
  lock: 'M6 11h12v10H6z M8 11V7a4 4 0 018 0v4',
  ban: 'M12 3a9 9 0 100 18 9 9 0 000-18z M5.6 5.6l12.8 12.8',
  pulse: 'M3 12h4l3-7 4 14 3-7h4',
  layers: 'M12 3l9 5-9 5-9-5 9-5z M3 13l9 5 9-5',
  bug: 'M9 6a3 3 0 016 0 M7 9h10v6a5 5 0 01-10 0V9z M4 12h3 M17 12h3 M4 18l3-2 M20 18l-3-2 M12 9v11',
  archive: 'M3 5h18v4H3z M5 9v10h14V9 M10 13h4',
  file: 'M6 3h8l4 4v14H6z M14 3v4h4',
  download: 'M12 4v11 M7 10l5 5 5-5 M5 20h14',
  menu: 'M4 7h16 M4 12h16 M4 17h16',
  close: 'M6 6l12 12 M18 6L6 18',
  check: 'M5 12l5 5 9-10',
  arrowRight: 'M5 12h14 M13 6l6 6-6 6',
  arrowLeft: 'M19 12H5 M11 6l-6 6 6 6',
  mail: 'M3 6h18v12H3z M3 7l9 7 9-7',
  cpu: 'M7 7h10v10H7z M10 10h4v4h-4z M9 3v4 M15 3v4 M9 17v4 M15 17v4 M3 9h4 M3 15h4 M17 9h4 M17 15h4',
  offline: 'M2 8.5a16 16 0 0120 0 M5 12a11 11 0 0114 0 M8.5 15.5a6 6 0 017 0 M12 19h.01 M3 3l18 18',
  seed: 'M12 21V11 M12 11c0-4 3-7 8-7 0 5-3 7-8 7z M12 14c0-3-2-5-6-5 0 4 2 5 6 5z',
  scan: 'M4 8V4h4 M16 4h4v4 M20 16v4h-4 M8 20H4v-4 M4 12h16',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 20, label }: { name: IconName; size?: number; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
