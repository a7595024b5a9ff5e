/** A limit of `allows` (USD as a decimal string): "0" (or "0.00") means not allowed, null no limit. */
export type AllowanceValue = string | null;

export function isNotAllowed(value: AllowanceValue): boolean {
  return value !== null && /^0*(?:\.0*)?$/.test(value.trim());
}
