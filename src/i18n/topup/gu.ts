import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'gu',
  amountLegend: 'ઉમેરવાની રકમ',
  amountLabel: (currency: string) => `${currency}માં રકમ`,
  amountHint: (min: string, max: string) => `${min} થી ${max}`,
  amountInvalid: 'રકમ પસંદ કરો અથવા દાખલ કરો.',
  amountOutOfRange: (min: string, max: string) => `${min} થી ${max} વચ્ચેની રકમ દાખલ કરો.`,
  amountDigits: 'આ ચલણ માટે આ રકમમાં દશાંશ પછી ઘણા વધુ અંકો છે.',
  quoteLabel: 'તમારું ટૉપ-અપ',
  youPay: (amount: string) => `તમે ${amount} ચૂકવશો`,
  youReceive: (amount: string) => `તમને ${amount} મળશે`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `દર ${time} સુધી માન્ય`,
  quoteRefreshing: 'નવો વિનિમય દર મેળવી રહ્યા છીએ…',
  quoteExpired: 'ક્વોટની મુદત પૂરી થઈ. ચુકવણી પહેલાં નવો દર જરૂરી છે.',
  quoteRefreshed: 'ચુકવણી પહેલાં વિનિમય દર નવો કરાયો છે. નવો ક્વોટ જુઓ, પછી ચૂકવો.',
  refreshQuote: 'નવો દર મેળવો',
  noRate: 'આ ટૉપ-અપ માટે વિનિમય દર ઉપલબ્ધ નથી, તેથી ક્વોટ આપી શકાતો નથી. કૃપા કરીને પછીથી ફરી પ્રયાસ કરો.',
  rateChanged: (amount: string) => `દર બદલાયો છે: તમે ${amount} ચૂકવશો, ક્વોટ કરેલી રકમ નહીં.`,
  creditChanged: (amount: string) => `દર બદલાયો છે: તમને ${amount} મળશે, ક્વોટ કરેલી રકમ નહીં.`,
  pendingCredit: (amount: string) => `ચુકવણી મળતાં જ ${amount} તમારા બૅલેન્સમાં ઉમેરાશે.`,
  credited: (amount: string) => `${amount} તમારા બૅલેન્સમાં ઉમેરાયા છે.`,
  payAmount: (amount: string) => `${amount} ચૂકવો`,
  pay: 'ચૂકવો',
};

export default terms;
