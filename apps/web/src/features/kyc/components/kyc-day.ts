/**
 * Today as the server judges the age rule: the calendar day in UTC ('YYYY-MM-DD'), so the
 * form's birthday range and the server's check agree at any hour.
 */
export function kycToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
