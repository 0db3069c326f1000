import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'bn',
  amountLegend: 'যোগ করার পরিমাণ',
  amountLabel: (currency: string) => `${currency}-এ পরিমাণ`,
  amountHint: (min: string, max: string) => `${min} থেকে ${max} পর্যন্ত`,
  amountInvalid: 'একটি পরিমাণ বেছে নিন বা লিখুন।',
  amountOutOfRange: (min: string, max: string) => `${min} থেকে ${max} পর্যন্ত একটি পরিমাণ লিখুন।`,
  amountDigits: 'এই মুদ্রার জন্য এই পরিমাণে দশমিকের পরে অনেক বেশি অঙ্ক আছে।',
  quoteLabel: 'আপনার টপ-আপ',
  youPay: (amount: string) => `আপনি ${amount} দেবেন`,
  youReceive: (amount: string) => `আপনি ${amount} পাবেন`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `রেট ${time} পর্যন্ত বৈধ`,
  quoteRefreshing: 'নতুন এক্সচেঞ্জ রেট আনা হচ্ছে…',
  quoteExpired: 'কোটেশনের মেয়াদ শেষ। পেমেন্টের আগে নতুন রেট দরকার।',
  quoteRefreshed: 'পেমেন্টের আগে এক্সচেঞ্জ রেট নতুন করা হয়েছে। নতুন কোটেশন দেখে তারপর পেমেন্ট করুন।',
  refreshQuote: 'নতুন রেট নিন',
  noRate: 'এই টপ-আপের জন্য কোনো এক্সচেঞ্জ রেট উপলব্ধ নেই, তাই কোটেশন দেওয়া যাচ্ছে না। অনুগ্রহ করে পরে আবার চেষ্টা করুন।',
  rateChanged: (amount: string) => `রেট বদলে গেছে: আপনি ${amount} দেবেন, কোটেশনের পরিমাণ নয়।`,
  creditChanged: (amount: string) => `রেট বদলে গেছে: আপনি ${amount} পাবেন, কোটেশনের পরিমাণ নয়।`,
  pendingCredit: (amount: string) => `পেমেন্ট পৌঁছানো মাত্র ${amount} আপনার ব্যালান্সে যোগ করা হবে।`,
  credited: (amount: string) => `${amount} আপনার ব্যালান্সে যোগ করা হয়েছে।`,
  payAmount: (amount: string) => `${amount} পেমেন্ট করুন`,
  pay: 'পেমেন্ট করুন',
};

export default terms;
