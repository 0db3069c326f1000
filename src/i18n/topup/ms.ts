import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'ms',
  amountLegend: 'Jumlah tambah nilai',
  amountLabel: (currency: string) => `Jumlah dalam ${currency}`,
  amountHint: (min: string, max: string) => `Dari ${min} hingga ${max}`,
  amountInvalid: 'Pilih atau masukkan jumlah.',
  amountOutOfRange: (min: string, max: string) => `Masukkan jumlah dari ${min} hingga ${max}.`,
  amountDigits: 'Jumlah ini mempunyai terlalu banyak tempat perpuluhan untuk mata wangnya.',
  quoteLabel: 'Tambah nilai anda',
  youPay: (amount: string) => `Anda bayar ${amount}`,
  youReceive: (amount: string) => `Anda terima ${amount}`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `kadar sah sehingga ${time}`,
  quoteRefreshing: 'Mendapatkan kadar pertukaran baharu…',
  quoteExpired: 'Sebut harga telah tamat tempoh. Kadar baharu diperlukan sebelum anda boleh membayar.',
  quoteRefreshed: 'Kadar pertukaran telah dikemas kini sebelum bayaran anda. Semak sebut harga baharu, kemudian bayar.',
  refreshQuote: 'Dapatkan kadar baharu',
  noRate:
    'Kadar pertukaran untuk tambah nilai ini tiada, jadi sebut harga tidak dapat dibuat. Sila cuba lagi kemudian.',
  rateChanged: (amount: string) => `Kadar telah berubah: anda bayar ${amount}, bukan jumlah yang disebut harga.`,
  creditChanged: (amount: string) => `Kadar telah berubah: anda terima ${amount}, bukan jumlah yang disebut harga.`,
  pendingCredit: (amount: string) => `${amount} akan ditambah ke baki anda sebaik sahaja bayaran diterima.`,
  credited: (amount: string) => `${amount} telah ditambah ke baki anda.`,
  payAmount: (amount: string) => `Bayar ${amount}`,
  pay: 'Bayar',
};

export default terms;
