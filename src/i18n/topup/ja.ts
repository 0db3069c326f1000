import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'ja',
  amountLegend: 'チャージ金額',
  amountLabel: (currency: string) => `${currency}での金額`,
  amountHint: (min: string, max: string) => `${min}から${max}まで`,
  amountInvalid: '金額を選ぶか入力してください。',
  amountOutOfRange: (min: string, max: string) => `${min}から${max}までの金額を入力してください。`,
  amountDigits: 'この金額は通貨に対して小数点以下の桁が多すぎます。',
  quoteLabel: 'チャージ内容',
  youPay: (amount: string) => `お支払い ${amount}`,
  youReceive: (amount: string) => `受取額 ${amount}`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `レートの有効期限 ${time}`,
  quoteRefreshing: '新しい為替レートを取得しています…',
  quoteExpired: '見積もりの有効期限が切れました。お支払いの前に新しいレートが必要です。',
  quoteRefreshed: 'お支払いの前に為替レートが更新されました。新しい見積もりを確認してからお支払いください。',
  refreshQuote: '新しいレートを取得',
  noRate:
    'このチャージの為替レートが取得できないため、見積もりを表示できません。しばらくしてからもう一度お試しください。',
  rateChanged: (amount: string) => `レートが変わりました：お支払いは見積もり額ではなく${amount}です。`,
  creditChanged: (amount: string) => `レートが変わりました：受取額は見積もり額ではなく${amount}です。`,
  pendingCredit: (amount: string) => `お支払いが届きしだい、${amount}が残高に追加されます。`,
  credited: (amount: string) => `${amount}が残高に追加されました。`,
  payAmount: (amount: string) => `${amount}を支払う`,
  pay: '支払う',
};

export default terms;
