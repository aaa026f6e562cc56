import { clinicInstant } from '@bari/contracts';

/** hh:mm or hh:mm:ss, 24-hour. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** A time the as-of picker takes: empty (the end of the day) or hh:mm[:ss]. */
export const isAsOfTime = (time: string): boolean => time === '' || TIME.test(time.trim());

/**
 * The instant to show the patient at: the end of the minute or second typed (the end of the day
 * without one), on São Paulo's clock as the history's times are shown (whatever the computer's
 * own zone), and never later than `now` (the future is today's state). The end, so that a change
 * the history lists at 10:30:15 is in the patient shown 'as at 10:30:15' (an attacking helper's
 * picks at a change's own second always showed the patient before it).
 */
export function asOfInstant(date: string, time: string, now: Date): string {
  const [hour, minute, second = '59'] = (time.trim() || '23:59:59').split(':');
  const end = clinicInstant(date, `${hour}:${minute}`).getTime() + Number(second) * 1000 + 999;
  return new Date(Math.min(end, now.getTime())).toISOString();
}
