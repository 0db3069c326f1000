/**
 * Identifiers that look like the real ones — references, wallet and account numbers — derived
 * from a seed (the payment's idPayment), so that create and GET always agree.
 */
import { createHash } from 'node:crypto';
import { minorUnit, roundAmount } from './catalog.js';

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest();

/** `length` decimal digits derived from the seed (and a purpose, so two uses differ). */
export function digitsFrom(seed: string, length: number, purpose = ''): string {
  let digits = '';
  for (let round = 0; digits.length < length; round++) {
    for (const byte of sha256(`${purpose}:${round}:${seed}`)) digits += String(byte % 10);
  }
  return digits.slice(0, length);
}

/** The platform's payment reference shown to customers: SBX and ten digits. */
export const platformReference = (idPayment: string) => `SBX${digitsFrom(idPayment, 10, 'reference')}`;

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = BASE58[Number(value % 58n)]! + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

/** A TRON (TRC20) address: base58check of 0x41 and 20 bytes — 34 characters starting with T. */
export function tronAddress(seed: string): string {
  const payload = Buffer.concat([Buffer.from([0x41]), sha256(`tron:${seed}`).subarray(0, 20)]);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return base58(Buffer.concat([payload, checksum]));
}

/** An Ethereum (ERC20) address: 0x and 40 lower-case hex digits (valid without EIP-55 casing). */
export const ethereumAddress = (seed: string) => `0x${sha256(`eth:${seed}`).subarray(0, 20).toString('hex')}`;

/**
 * A decreased amount the customer must pay instead (moneyRequired): one to nine of the currency's
 * smallest units less, derived from the seed, never below one unit.
 */
export function decreasedAmount(amount: number, currencyCode: string, seed: string): number {
  const unit = minorUnit(currencyCode);
  const decreased = roundAmount(amount - (1 + (Number(digitsFrom(seed, 2, 'decrease')) % 9)) * unit, currencyCode);
  return decreased >= unit ? decreased : roundAmount(amount, currencyCode);
}

/** Masks all but the last four characters, as bank pages show account numbers. */
export const masked = (value: string) =>
  value.length <= 4 ? value : `${'•'.repeat(Math.min(4, value.length - 4))}${value.slice(-4)}`;
