const mebibyte = 1024 * 1024;

/**
 * A file size in the reader's language, with the unit as the language writes it ("3.5 MB",
 * "3,5 МБ"): megabytes from 1 MiB up, kilobytes below; at most one decimal. Sizes are counted in
 * 1024s, as the limits the screens quote are.
 */
export function formatBytes(bytes: number, language: string): string {
  const isLarge = bytes >= mebibyte;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: isLarge ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(isLarge ? bytes / mebibyte : bytes / 1024);
}
