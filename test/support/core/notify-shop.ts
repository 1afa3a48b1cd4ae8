/** The shop phone of notify-process.ts, which its e-mails must carry. */
export const NOTIFY_SHOP_PHONE = '+49 30 9876 5432';
