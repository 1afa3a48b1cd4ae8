/**
 * The walk-in screens after the details form, one chunk (components/lazy.ts): a customer
 * reaches them only after typing their details, so the first screen does not carry them.
 */
export { ConfirmationScreen } from './ConfirmationScreen';
export { ReceiptScreen } from './ReceiptScreen';
export { ReviewScreen } from './ReviewScreen';
export { VisitConfirmationScreen } from './VisitConfirmationScreen';
