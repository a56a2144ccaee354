// The migrated schema has every table and column of spec section 3 (on PGlite, and on PostgreSQL in the
// `postgres` project). Two deliberate departures, forced by better-auth, are listed and checked too:
// see docs/decisions/0005-better-auth-on-our-tables.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './client';
import { createTestDatabase, type TestDatabase } from '#tests/fixtures/test-database';

const specColumns: Record<string, string[]> = {
  users: ['id', 'email', 'first_name', 'last_name', 'profile_image_url', 'user_type', 'verified', 'email_notifications', 'stripe_customer_id', 'created_at', 'updated_at'],
  sessions: ['sid', 'expire'],
  email_verification_tokens: ['id', 'user_id', 'token', 'expires_at', 'created_at'],
  password_reset_tokens: ['id', 'user_id', 'token', 'expires_at', 'created_at'],
  email_notifications: ['id', 'user_id', 'type', 'recipient', 'subject', 'status', 'sent_at', 'created_at'],
  spaces: [
    'id', 'title', 'description', 'location', 'city', 'state', 'zip_code', 'country', 'size', 'price_per_month', 'space_type', 'amenities', 'images',
    'available', 'verified', 'owner_id', 'has_listing_fee', 'is_featured', 'featured_until', 'expires_at', 'is_active', 'is_demo_listing', 'currency', 'created_at', 'updated_at',
  ],
  archived_spaces: ['id', 'original_id', 'title', 'description', 'location', 'city', 'price_per_month', 'space_type', 'owner_id', 'archived_at'],
  inquiries: ['id', 'space_id', 'farmer_id', 'message', 'farmer_name', 'farmer_email', 'status', 'created_at'],
  conversations: ['id', 'space_id', 'owner_id', 'farmer_id', 'last_message_at', 'created_at'],
  messages: ['id', 'conversation_id', 'sender_id', 'content', 'is_read', 'created_at'],
  blog_posts: ['id', 'title', 'slug', 'excerpt', 'content', 'image_url', 'read_time', 'published', 'author_id', 'created_at', 'updated_at'],
  payments: ['id', 'user_id', 'space_id', 'amount', 'currency', 'payment_intent_id', 'status', 'payment_type', 'description', 'ip_address', 'user_agent', 'fraud_score', 'created_at'],
  security_events: ['id', 'user_id', 'event_type', 'ip_address', 'user_agent', 'fingerprint', 'fraud_score', 'metadata', 'created_at'],
  failed_logins: ['id', 'user_id', 'ip_address', 'attempts', 'locked_until', 'created_at', 'updated_at'],
  rate_limits: ['id', 'ip_address', 'endpoint', 'attempts', 'window_start', 'created_at'],
};

/** Spec columns that live elsewhere because better-auth owns credentials and sessions. */
const relocated = [
  { spec: 'users.password', now: 'accounts.password' },
  { spec: 'sessions.sess', now: 'sessions.user_id' },
];

const specEnums: Record<string, string[]> = {
  user_type: ['landlord', 'farmer', 'both'],
  space_type: ['rooftop', 'basement', 'warehouse', 'greenhouse', 'other'],
  // new_message (message e-mails, issue 8), saved_search_alert (saved-search alerts, issue 10),
  // moderation (operators' decisions, issue 19), lease_agreement (accepted lease terms, issue 20) and account_closed (issue 28) extend the spec's list.
  email_type: ['verification', 'password_reset', 'inquiry_received', 'listing_created', 'payment_confirmation', 'new_message', 'saved_search_alert', 'moderation', 'lease_agreement', 'account_closed', 'review_invite', 'review_published'],
  email_status: ['pending', 'sent', 'failed'],
  inquiry_status: ['pending', 'responded', 'closed'],
  payment_status: ['pending', 'succeeded', 'failed', 'canceled'],
  payment_type: ['listing_fee', 'featured_upgrade'],
  fraud_score: ['low', 'high'],
  security_event_type: ['signup', 'login', 'login_failure', 'checkout', 'subscription_cancel', 'account_lock'],
  // Lease proposals (issue 20; contracts/agreement-texts.ts).
  proposal_status: ['open', 'accepted', 'declined', 'withdrawn', 'countered'],
  utilities_payer: ['tenant', 'landlord', 'shared'],
};

describe('migrated schema', () => {
  let database: TestDatabase;
  let columns: Map<string, Map<string, { type: string; nullable: boolean; default: string | null; maxLength: number | null }>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const rows = await queryRows<Record<string, string | number | null>>(
      database.db,
      sql`select table_name, column_name, udt_name, is_nullable, column_default, character_maximum_length
          from information_schema.columns where table_schema = 'public'`,
    );
    columns = new Map();
    for (const row of rows) {
      const table = String(row.table_name);
      if (!columns.has(table)) columns.set(table, new Map());
      columns.get(table)!.set(String(row.column_name), {
        type: String(row.udt_name),
        nullable: row.is_nullable === 'YES',
        default: row.column_default === null ? null : String(row.column_default),
        maxLength: row.character_maximum_length === null ? null : Number(row.character_maximum_length),
      });
    }
  });
  afterAll(async () => database.close());

  it.each(Object.entries(specColumns))('has table %s with every spec column', (table, expected) => {
    const actual = columns.get(table);
    expect(actual, `table ${table}`).toBeDefined();
    for (const column of expected) expect(actual!.has(column), `${table}.${column}`).toBe(true);
  });

  it.each(relocated)('keeps $spec as $now', ({ now }) => {
    const [table, column] = now.split('.') as [string, string];
    expect(columns.get(table)?.has(column)).toBe(true);
  });

  it('applies the spec limits and defaults to spaces', () => {
    const spaces = columns.get('spaces')!;
    expect(spaces.get('title')?.maxLength).toBe(255);
    expect(spaces.get('location')?.maxLength).toBe(255);
    expect(spaces.get('city')?.maxLength).toBe(100);
    expect(spaces.get('state')?.maxLength).toBe(50);
    expect(spaces.get('zip_code')?.maxLength).toBe(20);
    expect(spaces.get('country')?.maxLength).toBe(3);
    expect(spaces.get('currency')?.maxLength).toBe(3);
    expect(spaces.get('country')?.default).toContain("'US'");
    expect(spaces.get('currency')?.default).toContain("'USD'");
    expect(spaces.get('price_per_month')?.type).toBe('numeric');
    expect(spaces.get('amenities')?.type).toBe('_text');
    expect(spaces.get('expires_at')?.nullable).toBe(false);
    for (const flag of ['available', 'is_active']) expect(spaces.get(flag)?.default).toBe('true');
    for (const flag of ['verified', 'has_listing_fee', 'is_featured', 'is_demo_listing']) expect(spaces.get(flag)?.default).toBe('false');
    expect(columns.get('users')!.get('user_type')?.default).toContain("'both'");
    expect(columns.get('blog_posts')!.get('read_time')?.default).toBe('5');
    expect(columns.get('payments')!.get('currency')?.default).toContain("'usd'");
  });

  it('has every enumeration of the spec with exactly its values', async () => {
    const rows = await queryRows<{ name: string; labels: string[] | string }>(
      database.db,
      sql`select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder) as labels
          from pg_type t join pg_enum e on e.enumtypid = t.oid group by t.typname`,
    );
    const enums = Object.fromEntries(rows.map((r) => [r.name, parseArray(r.labels)]));
    expect(enums).toMatchObject(specEnums);
  });

  it('indexes the browse filters, with a GIN index on amenities', async () => {
    const rows = await queryRows<{ indexdef: string }>(database.db, sql`select indexdef from pg_indexes where tablename = 'spaces'`);
    const defs = rows.map((r) => r.indexdef).join('\n');
    expect(defs).toMatch(/USING gin \(amenities\)/);
    expect(defs).toMatch(/lower\(\(city\)::text\)/);
    expect(defs).toMatch(/price_per_month/);
    // The growing filters (docs/decisions/0501).
    expect(defs).toMatch(/spaces_public_ceiling_idx/);
    expect(defs).toMatch(/spaces_public_floor_load_idx/);
    expect(defs).toMatch(/spaces_public_power_idx/);
  });
});

function parseArray(value: string[] | string): string[] {
  return Array.isArray(value) ? value : value.replace(/^\{|\}$/g, '').split(',');
}
