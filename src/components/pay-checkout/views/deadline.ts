/**
 * Deadlines people can read: "Pay by 5:41 PM today" in the device's own time zone (the platform's
 * expireAt, corrected by its clock), and a countdown that stays readable for long windows.
 */
import type { Localizer } from '../../../i18n/localize.js';

/** Days since the epoch in the device's time zone: today and tomorrow are calendar days, not 24 h spans. */
const localDay = (ms: number) => {
  const date = new Date(ms);
  return Math.round(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000);
};

/** "Pay by 17:41 today", "… tomorrow", or with the date when it is further off. */
export function payByText(l: Localizer, at: number, now = Date.now()): string {
  const days = localDay(at) - localDay(now);
  const time = new Intl.DateTimeFormat(l.lang, { timeStyle: 'short' }).format(at);
  const day =
    days === 0 || days === 1
      ? new Intl.RelativeTimeFormat(l.lang, { numeric: 'auto' }).format(days, 'day')
      : new Intl.DateTimeFormat(l.lang, { weekday: 'short', day: 'numeric', month: 'short' }).format(at);
  return l.term('payBy', time, day);
}

/**
 * A countdown: 14:05 under an hour; from an hour on, hours and minutes in words ("23 hr 59 min"),
 * which stay readable over a day-long window where 24:00:01 would not. A number never wraps away
 * from its unit ("59 นาที" stays on one line).
 */
export function countdownText(l: Localizer, ms: number): string {
  // Rounded up: 0:00 would say the time is over while it is not (the deadline itself is capped at the payment's window, session.ts).
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const number = (n: number, options: Intl.NumberFormatOptions) =>
    new Intl.NumberFormat(l.lang, { useGrouping: false, ...options }).format(n);
  if (hours > 0) {
    const unit = (n: number, name: string) =>
      number(n, { style: 'unit', unit: name, unitDisplay: 'short' }).replace(/ /g, '\u00a0');
    return minutes ? `${unit(hours, 'hour')} ${unit(minutes, 'minute')}` : unit(hours, 'hour');
  }
  return `${number(minutes, {})}:${number(total % 60, { minimumIntegerDigits: 2 })}`;
}
