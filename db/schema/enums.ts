// PostgreSQL enumerations shared by the tables (spec section 3). contracts/ repeats the same values as zod enums.
import { pgEnum } from 'drizzle-orm/pg-core';

export const userTypeEnum = pgEnum('user_type', ['landlord', 'farmer', 'both']);
export const spaceTypeEnum = pgEnum('space_type', ['rooftop', 'basement', 'warehouse', 'greenhouse', 'other']);
export const emailTypeEnum = pgEnum('email_type', [
  'verification',
  'password_reset',
  'inquiry_received',
  'listing_created',
  'payment_confirmation',
  'new_message',
  'saved_search_alert',
]);
export const emailStatusEnum = pgEnum('email_status', ['pending', 'sent', 'failed']);
export const inquiryStatusEnum = pgEnum('inquiry_status', ['pending', 'responded', 'closed']);
export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'succeeded', 'failed', 'canceled']);
export const paymentTypeEnum = pgEnum('payment_type', ['listing_fee', 'featured_upgrade']);
export const fraudScoreEnum = pgEnum('fraud_score', ['low', 'high']);
export const securityEventTypeEnum = pgEnum('security_event_type', [
  'signup',
  'login',
  'login_failure',
  'checkout',
  'subscription_cancel',
  'account_lock',
]);
// Growing facts of a listing (contracts/growing.ts repeats the values).
export const powerPhaseEnum = pgEnum('power_phase', ['single', 'three']);
export const waterSupplyEnum = pgEnum('water_supply', ['none', 'tap', 'dedicated']);
export const orientationEnum = pgEnum('orientation', ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']);
export const climateControlEnum = pgEnum('climate_control', ['none', 'heating', 'cooling', 'hvac']);
