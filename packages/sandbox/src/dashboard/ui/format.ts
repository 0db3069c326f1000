/** How the dashboard writes times, money and kinds. Times are the emulator's clock, shown in the browser's time zone. */
import type { MoneyView, PaymentKind } from '../model.js';

const TIME = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const ZONE = new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short' });

/** "14:03:22", with the day before it when it is not `today`'s ("2 Dec 2026, 14:03:22"). */
export function timeOf(iso: string | undefined, today?: number): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  const sameDay = today !== undefined && DAY.format(at) === DAY.format(today);
  return sameDay ? TIME.format(at) : `${DAY.format(at)}, ${TIME.format(at)}`;
}

/** The browser's time zone, as the dashboard names it beside the clock ("UTC", "CET"). */
export const zoneName = (at: number) =>
  ZONE.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';

export const moneyOf = (money: MoneyView | undefined) => (money ? `${money.amount} ${money.currencyCode}` : '');

export const KIND_LABELS: Readonly<Record<PaymentKind, string>> = { payin: 'Payin', topup: 'Top-up', payout: 'Payout' };

/** "2 h 5 min", "45 s": how far ahead of the wall clock, how long until something. */
export function durationOf(seconds: number): string {
  const whole = Math.round(Math.abs(seconds));
  const days = Math.floor(whole / 86_400);
  const hours = Math.floor((whole % 86_400) / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const parts = [days && `${days} d`, hours && `${hours} h`, minutes && `${minutes} min`].filter(Boolean);
  if (!parts.length || whole < 60) parts.push(`${whole % 60} s`);
  return parts.join(' ');
}

export const json = (value: unknown) => JSON.stringify(value, null, 2);
