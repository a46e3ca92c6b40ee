/** The contractor a quote request goes to, as the button and the dialog know it. */
export interface QuoteTarget {
  id: number;
  name: string;
  /** Set while it is not taking new requests (docs/decisions/0117-lead-routing.md): the button offers others instead of the form. */
  pausedUntil: string | null;
}
