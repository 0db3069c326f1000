import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'es',
  amountLegend: 'Importe a añadir',
  amountLabel: (currency: string) => `Importe en ${currency}`,
  amountHint: (min: string, max: string) => `De ${min} a ${max}`,
  amountInvalid: 'Elige o escribe un importe.',
  amountOutOfRange: (min: string, max: string) => `Escribe un importe de ${min} a ${max}.`,
  amountDigits: 'Este importe tiene demasiados decimales para su moneda.',
  quoteLabel: 'Tu recarga',
  youPay: (amount: string) => `Pagas ${amount}`,
  youReceive: (amount: string) => `Recibes ${amount}`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `tipo de cambio válido hasta las ${time}`,
  quoteRefreshing: 'Obteniendo un tipo de cambio nuevo…',
  quoteExpired: 'La cotización ha caducado. Hace falta un tipo de cambio nuevo antes de pagar.',
  quoteRefreshed: 'El tipo de cambio se actualizó antes de tu pago. Revisa la nueva cotización y luego paga.',
  refreshQuote: 'Obtener tipo nuevo',
  noRate: 'No hay tipo de cambio disponible para esta recarga, así que no se puede cotizar. Inténtalo más tarde.',
  rateChanged: (amount: string) => `El tipo de cambio cambió: pagas ${amount}, no el importe cotizado.`,
  creditChanged: (amount: string) => `El tipo de cambio cambió: recibes ${amount}, no el importe cotizado.`,
  pendingCredit: (amount: string) => `${amount} se añadirá a tu saldo en cuanto llegue el pago.`,
  credited: (amount: string) => `Se han añadido ${amount} a tu saldo.`,
  payAmount: (amount: string) => `Pagar ${amount}`,
  pay: 'Pagar',
};

export default terms;
