// Types the spaces module shares with the payments module.
import type { PAYMENT_TYPES } from '#contracts/constants';

export type PaymentType = (typeof PAYMENT_TYPES)[number];
