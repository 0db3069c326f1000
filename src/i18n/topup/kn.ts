import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'kn',
  amountLegend: 'ಸೇರಿಸಬೇಕಾದ ಮೊತ್ತ',
  amountLabel: (currency: string) => `${currency} ನಲ್ಲಿ ಮೊತ್ತ`,
  amountHint: (min: string, max: string) => `${min} ರಿಂದ ${max} ವರೆಗೆ`,
  amountInvalid: 'ಮೊತ್ತವನ್ನು ಆಯ್ಕೆಮಾಡಿ ಅಥವಾ ನಮೂದಿಸಿ.',
  amountOutOfRange: (min: string, max: string) => `${min} ರಿಂದ ${max} ವರೆಗಿನ ಮೊತ್ತವನ್ನು ನಮೂದಿಸಿ.`,
  amountDigits: 'ಈ ಕರೆನ್ಸಿಗೆ ಈ ಮೊತ್ತದಲ್ಲಿ ದಶಮಾಂಶದ ನಂತರ ತುಂಬಾ ಅಂಕಿಗಳಿವೆ.',
  quoteLabel: 'ನಿಮ್ಮ ಟಾಪ್-ಅಪ್',
  youPay: (amount: string) => `ನೀವು ${amount} ಪಾವತಿಸುತ್ತೀರಿ`,
  youReceive: (amount: string) => `ನಿಮಗೆ ${amount} ಸಿಗುತ್ತದೆ`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `ದರ ${time} ವರೆಗೆ ಮಾನ್ಯ`,
  quoteRefreshing: 'ಹೊಸ ವಿನಿಮಯ ದರವನ್ನು ಪಡೆಯಲಾಗುತ್ತಿದೆ…',
  quoteExpired: 'ಕೋಟ್‌ನ ಅವಧಿ ಮುಗಿದಿದೆ. ಪಾವತಿಸುವ ಮೊದಲು ಹೊಸ ದರ ಬೇಕು.',
  quoteRefreshed: 'ನಿಮ್ಮ ಪಾವತಿಗೆ ಮೊದಲು ವಿನಿಮಯ ದರವನ್ನು ನವೀಕರಿಸಲಾಗಿದೆ. ಹೊಸ ಕೋಟ್ ನೋಡಿ, ನಂತರ ಪಾವತಿಸಿ.',
  refreshQuote: 'ಹೊಸ ದರ ಪಡೆಯಿರಿ',
  noRate: 'ಈ ಟಾಪ್-ಅಪ್‌ಗೆ ವಿನಿಮಯ ದರ ಲಭ್ಯವಿಲ್ಲ, ಆದ್ದರಿಂದ ಕೋಟ್ ನೀಡಲು ಸಾಧ್ಯವಿಲ್ಲ. ದಯವಿಟ್ಟು ನಂತರ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
  rateChanged: (amount: string) => `ದರ ಬದಲಾಗಿದೆ: ನೀವು ${amount} ಪಾವತಿಸುತ್ತೀರಿ, ಕೋಟ್ ಮಾಡಿದ ಮೊತ್ತವಲ್ಲ.`,
  creditChanged: (amount: string) => `ದರ ಬದಲಾಗಿದೆ: ನಿಮಗೆ ${amount} ಸಿಗುತ್ತದೆ, ಕೋಟ್ ಮಾಡಿದ ಮೊತ್ತವಲ್ಲ.`,
  pendingCredit: (amount: string) => `ಪಾವತಿ ತಲುಪಿದ ತಕ್ಷಣ ${amount} ನಿಮ್ಮ ಬ್ಯಾಲೆನ್ಸ್‌ಗೆ ಸೇರಿಸಲಾಗುತ್ತದೆ.`,
  credited: (amount: string) => `${amount} ನಿಮ್ಮ ಬ್ಯಾಲೆನ್ಸ್‌ಗೆ ಸೇರಿಸಲಾಗಿದೆ.`,
  payAmount: (amount: string) => `${amount} ಪಾವತಿಸಿ`,
  pay: 'ಪಾವತಿಸಿ',
};

export default terms;
