/**
 * The end of a period of `months` starting at `start`, in UTC: the same day of the month, or the
 * month's last day when it has no such day (31 January + 1 month = 28 or 29 February), at the same
 * time of day.
 */
export function addMonths(start: Date, months: number): Date {
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return target;
}
