import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'sw',
  amountLegend: 'Kiasi cha kuongeza',
  amountLabel: (currency: string) => `Kiasi kwa ${currency}`,
  amountHint: (min: string, max: string) => `Kuanzia ${min} hadi ${max}`,
  amountInvalid: 'Chagua au weka kiasi.',
  amountOutOfRange: (min: string, max: string) => `Weka kiasi kuanzia ${min} hadi ${max}.`,
  amountDigits: 'Kiasi hiki kina desimali nyingi mno kwa sarafu yake.',
  quoteLabel: 'Uongezaji salio wako',
  youPay: (amount: string) => `Unalipa ${amount}`,
  youReceive: (amount: string) => `Unapokea ${amount}`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `kiwango ni halali hadi ${time}`,
  quoteRefreshing: 'Inapata kiwango kipya cha ubadilishaji…',
  quoteExpired: 'Bei iliyotolewa imepitwa na muda. Kiwango kipya kinahitajika kabla ya kulipa.',
  quoteRefreshed: 'Kiwango cha ubadilishaji kimesasishwa kabla ya malipo yako. Angalia bei mpya, kisha ulipe.',
  refreshQuote: 'Pata kiwango kipya',
  noRate:
    'Hakuna kiwango cha ubadilishaji kwa uongezaji huu, kwa hivyo bei haiwezi kutolewa. Tafadhali jaribu tena baadaye.',
  rateChanged: (amount: string) => `Kiwango kimebadilika: unalipa ${amount}, si kiasi kilichotolewa awali.`,
  creditChanged: (amount: string) => `Kiwango kimebadilika: unapokea ${amount}, si kiasi kilichotolewa awali.`,
  pendingCredit: (amount: string) => `${amount} kitaongezwa kwenye salio lako malipo yakifika.`,
  credited: (amount: string) => `${amount} kimeongezwa kwenye salio lako.`,
  payAmount: (amount: string) => `Lipa ${amount}`,
  pay: 'Lipa',
};

export default terms;
