/** The customer changed the selected method or operator. */
export interface PayMethodChangeDetail {
  paymentMethodCode: string;
  paymentOperatorCode?: string;
}
export type PayMethodChangeEvent = CustomEvent<PayMethodChangeDetail>;
