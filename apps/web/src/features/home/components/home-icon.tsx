/** Line icons for the home page, drawn on a 24-unit grid with the current text colour. */
const paths = {
  vault: 'M4 5h16v14H4zM4 19v2M20 19v2M15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM12 9V7.5M12 16.5V15M17.5 9v6',
  approvals: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3 20c0-3.3 2.7-6 6-6 1.4 0 2.7.5 3.7 1.3M15 18l2 2 4-4.5',
  whitelist: 'M9 6h11M9 12h11M9 18h6M4 6h.01M4 12h.01M4 18h.01M16.5 18l1.7 1.7L21.5 16',
  limits: 'M4 17a8 8 0 1 1 16 0M12 17l3.5-5M4 20h16',
  roles: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6zM9.5 12l1.8 1.8L15 10',
  billing: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3',
  exchange: 'M4 8h13l-3.5-3.5M20 16H7l3.5 3.5',
  timer: 'M12 21a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM12 9v4l2.5 2M9.5 2.5h5',
  swap: 'M20 11a8 8 0 0 0-14.3-4.9L4 8M4 4v4h4M4 13a8 8 0 0 0 14.3 4.9L20 16M20 20v-4h-4',
  chart: 'M4 4v16h16M7.5 14.5l3.5-4 3 2.5 5-6',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  shield: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6zM12 8v4M12 15.5h.01',
  send: 'M21 3L10 14M21 3l-7 18-4-7-7-4z',
  chip: 'M7 7h10v10H7zM10 10h4v4h-4zM10 3v4M14 3v4M10 17v4M14 17v4M3 10h4M3 14h4M17 10h4M17 14h4',
  radar: 'M11 19a8 8 0 1 1 0-16 8 8 0 0 1 0 16zM11 15a4 4 0 1 0 0-8M21 21l-4.3-4.3',
  audit: 'M7 3h7l5 5v13H7zM14 3v5h5M10 14l2 2 4-4.5',
  bank: 'M3 9l9-5 9 5M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18',
  layers: 'M12 3l9 5-9 5-9-5zM3 13l9 5 9-5M3 17.5l9 5 9-5',
  coins:
    'M9 11c3.3 0 6-1.3 6-3s-2.7-3-6-3-6 1.3-6 3 2.7 3 6 3zM3 8v4c0 1.7 2.7 3 6 3M3 12v4c0 1.7 2.7 3 6 3M15 13c3.3 0 6-1.3 6-3M21 10v6c0 1.7-2.7 3-6 3s-6-1.3-6-3v-2.5',
  growth: 'M4 18l6-6 4 4 6-7M15 9h5v5',
  arrowRight: 'M5 12h14M13 6l6 6-6 6',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  document: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6',
} as const;

export type HomeIconName = keyof typeof paths;

/** Sized by the surrounding font size (1em), so CSS in design pixels controls it. */
export function HomeIcon({ name, className }: { name: HomeIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  );
}
