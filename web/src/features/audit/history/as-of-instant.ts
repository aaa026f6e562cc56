/** hh:mm or hh:mm:ss, 24-hour. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** A time the as-of picker takes: empty (the end of the day) or hh:mm[:ss]. */
export const isAsOfTime = (time: string): boolean => time === '' || TIME.test(time.trim());

/**
 * The instant to show the patient at: the end of the minute or second typed (the end of the day
 * without one), in the browser's time zone as the history's times are shown, and never later
 * than `now` (the future is today's state). The end, so that a change the history lists at
 * 10:30:15 is in the patient shown 'as at 10:30:15' (an attacking helper's picks at a change's
 * own second always showed the patient before it).
 */
export function asOfInstant(date: string, time: string, now: Date): string {
  const typed = time.trim() || '23:59:59';
  const local = new Date(`${date}T${typed.length === 5 ? `${typed}:59` : typed}.999`);
  return new Date(Math.min(local.getTime(), now.getTime())).toISOString();
}
