import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'lo',
  amountLegend: 'ຈຳນວນເງິນທີ່ຈະເຕີມ',
  amountLabel: (currency: string) => `ຈຳນວນເງິນເປັນ ${currency}`,
  amountHint: (min: string, max: string) => `ແຕ່ ${min} ຫາ ${max}`,
  amountInvalid: 'ກະລຸນາເລືອກ ຫຼື ໃສ່ຈຳນວນເງິນ',
  amountOutOfRange: (min: string, max: string) => `ກະລຸນາໃສ່ຈຳນວນເງິນແຕ່ ${min} ຫາ ${max}`,
  amountDigits: 'ຈຳນວນເງິນນີ້ມີຕົວເລກຫຼັງຈຸດທົດສະນິຍົມຫຼາຍເກີນໄປສຳລັບສະກຸນເງິນນີ້',
  quoteLabel: 'ການເຕີມເງິນຂອງທ່ານ',
  youPay: (amount: string) => `ທ່ານຈ່າຍ ${amount}`,
  youReceive: (amount: string) => `ທ່ານໄດ້ຮັບ ${amount}`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `ອັດຕາໃຊ້ໄດ້ຮອດ ${time}`,
  quoteRefreshing: 'ກຳລັງຮັບອັດຕາແລກປ່ຽນໃໝ່…',
  quoteExpired: 'ໃບສະເໜີລາຄາໝົດອາຍຸແລ້ວ ຕ້ອງໄດ້ຮັບອັດຕາໃໝ່ກ່ອນຈຶ່ງຈະຊຳລະໄດ້',
  quoteRefreshed: 'ອັດຕາແລກປ່ຽນຖືກອັບເດດກ່ອນການຊຳລະເງິນຂອງທ່ານ ກະລຸນາກວດເບິ່ງໃບສະເໜີລາຄາໃໝ່ ແລ້ວຈຶ່ງຊຳລະ',
  refreshQuote: 'ຮັບອັດຕາໃໝ່',
  noRate: 'ບໍ່ມີອັດຕາແລກປ່ຽນສຳລັບການເຕີມເງິນນີ້ ຈຶ່ງບໍ່ສາມາດສະເໜີລາຄາໄດ້ ກະລຸນາລອງໃໝ່ພາຍຫຼັງ',
  rateChanged: (amount: string) => `ອັດຕາປ່ຽນແລ້ວ: ທ່ານຈ່າຍ ${amount} ບໍ່ແມ່ນຍອດທີ່ສະເໜີໄວ້`,
  creditChanged: (amount: string) => `ອັດຕາປ່ຽນແລ້ວ: ທ່ານໄດ້ຮັບ ${amount} ບໍ່ແມ່ນຍອດທີ່ສະເໜີໄວ້`,
  pendingCredit: (amount: string) => `${amount} ຈະຖືກເພີ່ມເຂົ້າຍອດເງິນຂອງທ່ານເມື່ອເງິນເຂົ້າ`,
  credited: (amount: string) => `${amount} ຖືກເພີ່ມເຂົ້າຍອດເງິນຂອງທ່ານແລ້ວ`,
  payAmount: (amount: string) => `ຊຳລະ ${amount}`,
  pay: 'ຊຳລະ',
};

export default terms;
