// The quote feature as other features may use it.
export { QuoteButton } from './QuoteButton';
export type { QuoteTarget } from './quote-target';
export { PausedNote } from './PausedNote';
