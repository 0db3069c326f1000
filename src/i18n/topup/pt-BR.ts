import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'pt-BR',
  amountLegend: 'Valor a adicionar',
  amountLabel: (currency: string) => `Valor em ${currency}`,
  amountHint: (min: string, max: string) => `De ${min} a ${max}`,
  amountInvalid: 'Escolha ou digite um valor.',
  amountOutOfRange: (min: string, max: string) => `Digite um valor de ${min} a ${max}.`,
  amountDigits: 'Este valor tem casas decimais demais para a moeda.',
  quoteLabel: 'Sua recarga',
  youPay: (amount: string) => `Você paga ${amount}`,
  youReceive: (amount: string) => `Você recebe ${amount}`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `taxa válida até ${time}`,
  quoteRefreshing: 'Obtendo uma nova taxa de câmbio…',
  quoteExpired: 'A cotação expirou. É preciso uma nova taxa antes de pagar.',
  quoteRefreshed: 'A taxa de câmbio foi atualizada antes do seu pagamento. Confira a nova cotação e depois pague.',
  refreshQuote: 'Obter nova taxa',
  noRate:
    'Não há taxa de câmbio disponível para esta recarga, então não é possível cotá-la. Tente novamente mais tarde.',
  rateChanged: (amount: string) => `A taxa mudou: você paga ${amount}, não o valor cotado.`,
  creditChanged: (amount: string) => `A taxa mudou: você recebe ${amount}, não o valor cotado.`,
  pendingCredit: (amount: string) => `${amount} será adicionado ao seu saldo assim que o pagamento chegar.`,
  credited: (amount: string) => `${amount} foi adicionado ao seu saldo.`,
  payAmount: (amount: string) => `Pagar ${amount}`,
  pay: 'Pagar',
};

export default terms;
