/**
 * EMVCo merchant-presented QR payloads (the "copy and paste" text inside Pix, QRIS, QR Ph, VietQR,
 * PromptPay, DuitNow and LAO QR codes): TLV fields `id(2) length(2) value` and a CRC16-CCITT
 * checksum in tag 63, so a real QR library or banking app parser reads them.
 */
import { currencyDigits } from '../../shared.js';

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as EMVCo QR specifies; hex, 4 upper-case digits. */
export function crc16ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function tlv(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMV field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

const nested = (fields: readonly (readonly [string, string])[]) => fields.map(([id, value]) => tlv(id, value)).join('');

/** The merchant-account part of each scheme: which tag, which globally unique identifier. */
export interface QrScheme {
  country: string;
  currencyNumeric: string;
  /** Merchant account information templates (tags 26–51), each a list of sub-fields. */
  accounts: readonly (readonly [string, readonly (readonly [string, string])[]])[];
}

export const QR_SCHEMES = {
  PIXQR: {
    country: 'BR',
    currencyNumeric: '986',
    accounts: [
      [
        '26',
        [
          ['00', 'br.gov.bcb.pix'],
          ['01', 'pix@demo-shop.example'],
        ],
      ],
    ],
  },
  QRISPAY: {
    country: 'ID',
    currencyNumeric: '360',
    accounts: [
      [
        '26',
        [
          ['00', 'ID.CO.SANDBOX.WWW'],
          ['01', '9360000012345678901'],
          ['02', 'SBX000000000001'],
          ['03', 'UMI'],
        ],
      ],
      [
        '51',
        [
          ['00', 'ID.CO.QRIS.WWW'],
          ['02', 'ID1020000000001'],
          ['03', 'UMI'],
        ],
      ],
    ],
  },
  QRPH: {
    country: 'PH',
    currencyNumeric: '608',
    accounts: [
      [
        '28',
        [
          ['00', 'ph.ppmi.p2m'],
          ['01', 'SBXPPHM2'],
          ['03', '000000000012345'],
        ],
      ],
    ],
  },
  VIETQR: {
    country: 'VN',
    currencyNumeric: '704',
    accounts: [
      [
        '38',
        [
          ['00', 'A000000727'],
          [
            '01',
            nested([
              ['00', '970436'],
              ['01', '0011001234567'],
            ]),
          ],
          ['02', 'QRIBFTTA'],
        ],
      ],
    ],
  },
  PROMPTPAY: {
    country: 'TH',
    currencyNumeric: '764',
    accounts: [
      [
        '29',
        [
          ['00', 'A000000677010111'],
          ['02', '0105561234567'],
        ],
      ],
    ],
  },
  DUITNOW: {
    country: 'MY',
    currencyNumeric: '458',
    accounts: [
      [
        '26',
        [
          ['00', 'A0000006150001'],
          ['01', '890053'],
          ['02', '000000000012345'],
        ],
      ],
    ],
  },
  ZAPPER_QR: {
    country: 'ZA',
    currencyNumeric: '710',
    accounts: [
      [
        '26',
        [
          ['00', 'com.zapper'],
          ['01', '40895'],
          ['02', '49955'],
        ],
      ],
    ],
  },
  LAO_QR: {
    country: 'LA',
    currencyNumeric: '418',
    accounts: [
      [
        '38',
        [
          ['00', 'A005266284662577'],
          ['01', '27710418'],
          ['02', '010110001234567'],
        ],
      ],
    ],
  },
} as const satisfies Record<string, QrScheme>;
export type QrSchemeName = keyof typeof QR_SCHEMES;

export interface QrPayment {
  amount: number;
  currencyCode: string;
  merchantName: string;
  merchantCity: string;
  reference: string;
}

const ascii = (text: string, max: number) =>
  text
    .normalize('NFKD')
    .replace(/[^\x20-\x7E]/g, '')
    .slice(0, max);

/** A dynamic (one payment, amount included) EMV QR payload for a scheme. */
export function emvQrPayload(schemeName: QrSchemeName, payment: QrPayment): string {
  const scheme: QrScheme = QR_SCHEMES[schemeName];
  const decimals = currencyDigits(payment.currencyCode);
  const body = [
    tlv('00', '01'),
    tlv('01', '12'),
    ...scheme.accounts.map(([id, fields]) => tlv(id, nested(fields))),
    tlv('52', '5999'),
    tlv('53', scheme.currencyNumeric),
    tlv('54', payment.amount.toFixed(decimals)),
    tlv('58', scheme.country),
    tlv('59', ascii(payment.merchantName, 25) || 'Merchant'),
    tlv('60', ascii(payment.merchantCity, 15) || 'City'),
    tlv('62', tlv('05', ascii(payment.reference, 25))),
  ].join('');
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16ccitt(withCrcTag);
}

/** Reads the top-level fields of an EMV QR payload (for tests and the simulated bank page). */
export function parseEmvQr(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let i = 0; i < payload.length;) {
    const id = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) throw new SyntaxError(`Bad EMV field at ${i}`);
    fields.set(id, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return fields;
}
