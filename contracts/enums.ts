// The values of the database's enumerations (spec section 3), defined once: db/schema/enums.ts builds the
// PostgreSQL enums from these arrays, the zod schemas and islands read the same ones. Growing facts' enums
// are in growing-enums.ts. Plain values, no zod.
export const USER_TYPES = ['landlord', 'farmer', 'both'] as const;
export const SPACE_TYPES = ['rooftop', 'basement', 'warehouse', 'greenhouse', 'other'] as const;
export const PAYMENT_TYPES = ['listing_fee', 'featured_upgrade'] as const;
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export const EMAIL_TYPES = [
  'verification',
  'password_reset',
  'inquiry_received',
  'listing_created',
  'payment_confirmation',
  'new_message',
  'saved_search_alert',
  /** Operators' decisions the person must hear about: a hidden listing, a suspension, a review (issue 19). */
  'moderation',
  'lease_agreement',
  /** The confirmation sent to the old address when a person closes their account (issue 28). */
  'account_closed',
  /** Reviews after an agreed lease (issue 28): the invitation at acceptance, and the news that a review is public. */
  'review_invite',
  'review_published',
] as const;
export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export const INQUIRY_STATUSES = ['pending', 'responded', 'closed'] as const;
export const FRAUD_SCORES = ['low', 'high'] as const;
export const SECURITY_EVENT_TYPES = ['signup', 'login', 'login_failure', 'checkout', 'subscription_cancel', 'account_lock'] as const;
// Lease proposals (issue 20).
export const PROPOSAL_STATUSES = ['open', 'accepted', 'declined', 'withdrawn', 'countered'] as const;
export const UTILITIES_PAYERS = ['tenant', 'landlord', 'shared'] as const;
/** How a lease renews, a term the parties choose (issue 25): it does not, automatically unless notice is given, or by a new agreement. */
export const RENEWAL_TERMS = ['none', 'automatic', 'by_agreement'] as const;
