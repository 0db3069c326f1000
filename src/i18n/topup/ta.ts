import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'ta',
  amountLegend: 'சேர்க்க வேண்டிய தொகை',
  amountLabel: (currency: string) => `${currency}-இல் தொகை`,
  amountHint: (min: string, max: string) => `${min} முதல் ${max} வரை`,
  amountInvalid: 'ஒரு தொகையைத் தேர்ந்தெடுக்கவும் அல்லது உள்ளிடவும்.',
  amountOutOfRange: (min: string, max: string) => `${min} முதல் ${max} வரையிலான தொகையை உள்ளிடவும்.`,
  amountDigits: 'இந்த நாணயத்துக்கு இந்தத் தொகையில் தசமப் புள்ளிக்குப் பிறகு அதிக இலக்கங்கள் உள்ளன.',
  quoteLabel: 'உங்கள் டாப்-அப்',
  youPay: (amount: string) => `நீங்கள் ${amount} செலுத்துவீர்கள்`,
  youReceive: (amount: string) => `உங்களுக்கு ${amount} கிடைக்கும்`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `விகிதம் ${time} வரை செல்லும்`,
  quoteRefreshing: 'புதிய மாற்று விகிதம் பெறப்படுகிறது…',
  quoteExpired: 'மதிப்பீட்டின் காலம் முடிந்தது. செலுத்தும் முன் புதிய விகிதம் தேவை.',
  quoteRefreshed: 'உங்கள் கட்டணத்துக்கு முன் மாற்று விகிதம் புதுப்பிக்கப்பட்டது. புதிய மதிப்பீட்டைப் பார்த்துவிட்டுச் செலுத்தவும்.',
  refreshQuote: 'புதிய விகிதத்தைப் பெறவும்',
  noRate: 'இந்த டாப்-அப்புக்கு மாற்று விகிதம் கிடைக்கவில்லை, எனவே மதிப்பீடு தர முடியாது. பிறகு மீண்டும் முயலவும்.',
  rateChanged: (amount: string) => `விகிதம் மாறியது: நீங்கள் ${amount} செலுத்துவீர்கள், மதிப்பிட்ட தொகை அல்ல.`,
  creditChanged: (amount: string) => `விகிதம் மாறியது: உங்களுக்கு ${amount} கிடைக்கும், மதிப்பிட்ட தொகை அல்ல.`,
  pendingCredit: (amount: string) => `கட்டணம் வந்தவுடன் ${amount} உங்கள் இருப்பில் சேர்க்கப்படும்.`,
  credited: (amount: string) => `${amount} உங்கள் இருப்பில் சேர்க்கப்பட்டது.`,
  payAmount: (amount: string) => `${amount} செலுத்தவும்`,
  pay: 'செலுத்தவும்',
};

export default terms;
