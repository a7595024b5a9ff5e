/** Coffer's mark: a vault hexagon with a key slot. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" width={size} height={size}>
      <rect width="32" height="32" rx="7" fill="#13284a" />
      <path d="M9 11.5 16 7l7 4.5v9L16 25l-7-4.5z" fill="none" stroke="#d4a73c" strokeWidth="2.2" strokeLinejoin="round" />
      <path d="M16 12v8" stroke="#d4a73c" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
