/** The contractor a quote request goes to, as the button and the dialog know it. */
export interface QuoteTarget {
  id: number;
  name: string;
}
