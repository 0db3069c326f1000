import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'zh-TW',
  amountLegend: '儲值金額',
  amountLabel: (currency: string) => `以${currency}計的金額`,
  amountHint: (min: string, max: string) => `${min}至${max}`,
  amountInvalid: '請選擇或輸入金額。',
  amountOutOfRange: (min: string, max: string) => `請輸入${min}至${max}之間的金額。`,
  amountDigits: '此金額的小數位數超過該幣別允許的位數。',
  quoteLabel: '您的儲值',
  youPay: (amount: string) => `您支付 ${amount}`,
  youReceive: (amount: string) => `您收到 ${amount}`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `匯率有效至 ${time}`,
  quoteRefreshing: '正在取得新的匯率…',
  quoteExpired: '報價已過期，付款前需要新的匯率。',
  quoteRefreshed: '付款前匯率已更新。請確認新的報價後再付款。',
  refreshQuote: '取得新匯率',
  noRate: '目前沒有這筆儲值適用的匯率，因此無法報價。請稍後再試。',
  rateChanged: (amount: string) => `匯率已變動：您支付 ${amount}，而非報價金額。`,
  creditChanged: (amount: string) => `匯率已變動：您收到 ${amount}，而非報價金額。`,
  pendingCredit: (amount: string) => `款項到帳後，${amount}將加入您的餘額。`,
  credited: (amount: string) => `${amount}已加入您的餘額。`,
  payAmount: (amount: string) => `支付 ${amount}`,
  pay: '付款',
};

export default terms;
