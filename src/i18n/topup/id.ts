import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'id',
  amountLegend: 'Jumlah isi ulang',
  amountLabel: (currency: string) => `Jumlah dalam ${currency}`,
  amountHint: (min: string, max: string) => `Dari ${min} hingga ${max}`,
  amountInvalid: 'Pilih atau masukkan jumlah.',
  amountOutOfRange: (min: string, max: string) => `Masukkan jumlah dari ${min} hingga ${max}.`,
  amountDigits: 'Jumlah ini memiliki terlalu banyak angka desimal untuk mata uangnya.',
  quoteLabel: 'Isi ulang Anda',
  youPay: (amount: string) => `Anda membayar ${amount}`,
  youReceive: (amount: string) => `Anda menerima ${amount}`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `kurs berlaku hingga ${time}`,
  quoteRefreshing: 'Mengambil kurs baru…',
  quoteExpired: 'Penawaran telah kedaluwarsa. Perlu kurs baru sebelum Anda dapat membayar.',
  quoteRefreshed: 'Kurs diperbarui sebelum pembayaran Anda. Periksa penawaran baru, lalu bayar.',
  refreshQuote: 'Ambil kurs baru',
  noRate: 'Kurs untuk isi ulang ini tidak tersedia, jadi penawaran tidak dapat dibuat. Silakan coba lagi nanti.',
  rateChanged: (amount: string) => `Kurs berubah: Anda membayar ${amount}, bukan jumlah yang ditawarkan.`,
  creditChanged: (amount: string) => `Kurs berubah: Anda menerima ${amount}, bukan jumlah yang ditawarkan.`,
  pendingCredit: (amount: string) => `${amount} akan ditambahkan ke saldo Anda setelah pembayaran diterima.`,
  credited: (amount: string) => `${amount} telah ditambahkan ke saldo Anda.`,
  payAmount: (amount: string) => `Bayar ${amount}`,
  pay: 'Bayar',
};

export default terms;
