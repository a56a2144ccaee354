// PostgreSQL enumerations shared by the tables (spec section 3), built from the one list of values in
// contracts/ (enums.ts, growing-enums.ts), which the zod schemas and islands read too.
import { pgEnum } from 'drizzle-orm/pg-core';
import {
  EMAIL_STATUSES,
  EMAIL_TYPES,
  FRAUD_SCORES,
  INQUIRY_STATUSES,
  PROPOSAL_STATUSES,
  RENEWAL_TERMS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  SECURITY_EVENT_TYPES,
  SPACE_TYPES,
  USER_TYPES,
  UTILITIES_PAYERS,
} from '#contracts/enums';
import { CLIMATE_CONTROLS, ORIENTATIONS, POWER_PHASES, WATER_SUPPLIES } from '#contracts/growing-enums';

export const userTypeEnum = pgEnum('user_type', USER_TYPES);
export const spaceTypeEnum = pgEnum('space_type', SPACE_TYPES);
export const emailTypeEnum = pgEnum('email_type', EMAIL_TYPES);
export const emailStatusEnum = pgEnum('email_status', EMAIL_STATUSES);
export const inquiryStatusEnum = pgEnum('inquiry_status', INQUIRY_STATUSES);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
export const paymentTypeEnum = pgEnum('payment_type', PAYMENT_TYPES);
export const fraudScoreEnum = pgEnum('fraud_score', FRAUD_SCORES);
export const securityEventTypeEnum = pgEnum('security_event_type', SECURITY_EVENT_TYPES);
export const powerPhaseEnum = pgEnum('power_phase', POWER_PHASES);
export const waterSupplyEnum = pgEnum('water_supply', WATER_SUPPLIES);
export const orientationEnum = pgEnum('orientation', ORIENTATIONS);
export const climateControlEnum = pgEnum('climate_control', CLIMATE_CONTROLS);
// Lease proposals in a conversation (issue 20).
export const proposalStatusEnum = pgEnum('proposal_status', PROPOSAL_STATUSES);
export const utilitiesPayerEnum = pgEnum('utilities_payer', UTILITIES_PAYERS);
export const renewalTermEnum = pgEnum('renewal_term', RENEWAL_TERMS);
