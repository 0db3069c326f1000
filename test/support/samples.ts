/**
 * Valid sample values for every method field, per method and currency, so tests can build a
 * complete method object for any code of the table and then break it one field at a time.
 */
import type { MethodField } from '../../src/api/method-rules.js';

const PHONES: Record<string, string> = {
  INR: '+919876543210',
  GHS: '+233241234567',
  KES: '+254712345678',
  TZS: '+255712345678',
  ZMW: '+260971234567',
};

export function sampleValue(field: MethodField, code: string, currencyCode: string): string {
  switch (field) {
    case 'account.accountName':
      return 'Asha Devi';
    case 'account.accountNumber':
      if (code === 'PROMPTPAY') return '0812345678';
      if (code === 'OFFLINE' && currencyCode === 'THB') return '1234567890';
      return '001234567890';
    case 'account.accountType':
      return currencyCode === 'MYR' ? 'RETAIL' : 'current';
    case 'emailAddress':
      return 'asha@example.com';
    case 'phoneNumber':
      return PHONES[currencyCode] ?? '+886912345678';
    case 'paymentOperatorCode':
      return 'OPERATOR_1';
    case 'taxId':
      return '20-12345678-9';
    case 'said':
      return '8001015009087';
    case 'passportNumber':
      return 'A1234567';
    case 'upiId':
      return 'asha@okbank';
    case 'productId':
      return 'SKU-1';
    case 'paymentLocation.postalCode':
      return '100';
    case 'paymentLocation.city':
      return 'Taipei';
    case 'paymentLocation.district':
      return 'Zhongzheng';
    case 'externalReference.reference':
      return '123456789012';
    case 'customerName.firstName':
      return 'Thabo';
    case 'customerName.lastName':
      return 'Nkosi';
  }
}

/** Sets a dotted field on a method object. */
export function setField(target: Record<string, unknown>, field: string, value: unknown): void {
  const keys = field.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}
