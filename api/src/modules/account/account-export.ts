// GET /api/account/export (issue 28; GDPR art. 15 access and art. 20 portability): one JSON document of
// what a person gave FarmSpace and what it holds about them. The document is a list of sections, each
// naming the tables it reads; every table that holds a person's rows is either in a section or on
// NOT_EXPORTED with the reason, and account-export.test.ts fails for a table that is in neither — a new
// table (reviews) needs its section or its reason before it ships (docs/decisions/1500).
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ACCOUNT_EXPORT_VERSION, type AccountExport } from '#contracts/account-data';
import { displayName } from '#contracts/auth';
import { reviewsOfPerson } from '../reviews/index';
import { photoFileUrl, photoUrl } from '#contracts/photos';
import type { Executor } from '#db/client';
import {
  accounts,
  archivedSpaces,
  auditLog,
  blogPosts,
  conversations,
  couponRedemptions,
  emailNotifications,
  emailVerificationTokens,
  failedLogins,
  inquiries,
  leaseProposals,
  messages,
  passwordResetTokens,
  payments,
  profiles,
  pushOutbox,
  pushPresence,
  pushSubscriptions,
  reports,
  reviews,
  savedSearches,
  savedSpaces,
  securityEvents,
  sessions,
  spacePhotos,
  spaces,
  users,
} from '#db/schema/index';

type ExportContext = { db: Executor; siteUrl: string; now: Date };

export type ExportSection = {
  /** The key in the document's `sections`. */
  name: string;
  /** The tables whose rows of the person it carries (the schema test reads these). */
  tables: PgTable[];
  /** Said in the document's `notes`: what the section holds and what it leaves out. */
  note: string;
  read(ctx: ExportContext, userId: number): Promise<unknown[] | Record<string, unknown>>;
};

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

async function conversationIdsOf(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(or(eq(conversations.ownerId, userId), eq(conversations.farmerId, userId)));
  return rows.map((r) => r.id);
}

export const EXPORT_SECTIONS: ExportSection[] = [
  {
    name: 'account',
    tables: [users],
    note: 'Your account: names, e-mail address, account type, notification settings and preferences, and any suspension by FarmSpace.',
    async read({ db }, userId) {
      const [u] = await db.select().from(users).where(eq(users.id, userId));
      if (!u) return {};
      return {
        id: u.id,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        profileImageUrl: u.profileImageUrl,
        userType: u.userType,
        emailVerified: u.verified,
        notifications: { emailNotifications: u.emailNotifications, smsNotifications: u.smsNotifications, inquiryAlerts: u.inquiryAlerts, marketingEmails: u.marketingEmails, hideMessageText: u.hideMessageText },
        preferences: u.preferences,
        paymentCustomerId: u.stripeCustomerId,
        suspendedAt: iso(u.suspendedAt),
        suspendedReason: u.suspendedReason,
        createdAt: iso(u.createdAt),
        updatedAt: iso(u.updatedAt),
      };
    },
  },
  {
    name: 'profile',
    tables: [profiles],
    note: 'Your public profile as you wrote it (Settings → Profile): about you, what you grow, your growing systems, experience and link, and the address of your picture.',
    async read({ db, siteUrl }, userId) {
      const [p] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      if (!p) return {};
      const picture = p.avatarKey && p.avatarWidths?.length ? `${siteUrl}${photoFileUrl(p.avatarKey, Math.max(...p.avatarWidths), 'jpeg')}` : null;
      return { about: p.about, crops: p.crops, growingSystems: p.growingSystems, experienceYears: p.experienceYears, website: p.website, picture, updatedAt: iso(p.updatedAt) };
    },
  },
  {
    name: 'listings',
    tables: [spaces, archivedSpaces, spacePhotos],
    note: 'Every listing you created, deleted and archived ones included, with its photos (their metadata and the address of the largest file).',
    async read({ db, siteUrl }, userId) {
      const rows = await db.select().from(spaces).where(eq(spaces.ownerId, userId)).orderBy(asc(spaces.id));
      const archived = await db.select().from(archivedSpaces).where(eq(archivedSpaces.ownerId, userId));
      const photos = await db.select().from(spacePhotos).where(eq(spacePhotos.ownerId, userId)).orderBy(asc(spacePhotos.position));
      return rows.map(({ photos: _copy, ownerId: _owner, ...row }) => ({
        ...row,
        createdAt: iso(row.createdAt),
        updatedAt: iso(row.updatedAt),
        expiresAt: iso(row.expiresAt),
        featuredUntil: iso(row.featuredUntil),
        deletedAt: iso(row.deletedAt),
        hiddenAt: iso(row.hiddenAt),
        awaitingReviewSince: iso(row.awaitingReviewSince),
        archivedAt: iso(archived.find((a) => a.originalId === row.id)?.archivedAt),
        photos: photos
          .filter((p) => p.spaceId === row.id)
          .map((p) => ({ id: p.id, position: p.position, alt: p.alt, width: p.width, height: p.height, widths: p.widths, bytes: p.bytes, url: `${siteUrl}${photoUrl({ key: p.fileKey, widths: p.widths })}`, uploadedAt: iso(p.createdAt), removedAt: iso(p.removedAt) })),
      }));
    },
  },
  {
    name: 'inquiriesSent',
    tables: [inquiries],
    note: 'The inquiries you sent about listings, with the name and address you sent them under.',
    async read({ db }, userId) {
      const rows = await db.select().from(inquiries).where(eq(inquiries.farmerId, userId)).orderBy(asc(inquiries.id));
      return rows.map((r) => ({ id: r.id, spaceId: r.spaceId, message: r.message, name: r.farmerName, email: r.farmerEmail, status: r.status, createdAt: iso(r.createdAt) }));
    },
  },
  {
    name: 'conversations',
    tables: [conversations, messages],
    note:
      'Every conversation you take part in, with all its messages: yours (fromYou: true) and those the other person wrote to you, as you read them on FarmSpace under their display name. Their e-mail address is not included.',
    async read({ db }, userId) {
      const ids = await conversationIdsOf(db, userId);
      if (ids.length === 0) return [];
      const heads = await db
        .select({ c: conversations, spaceTitle: spaces.title })
        .from(conversations)
        .innerJoin(spaces, eq(spaces.id, conversations.spaceId))
        .where(inArray(conversations.id, ids))
        .orderBy(asc(conversations.id));
      const people = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, [...new Set(heads.flatMap((h) => [h.c.ownerId, h.c.farmerId]))]));
      const nameOf = (id: number) => displayName(people.find((p) => p.id === id) ?? {});
      const thread = await db.select().from(messages).where(inArray(messages.conversationId, ids)).orderBy(asc(messages.id));
      return heads.map(({ c, spaceTitle }) => ({
        id: c.id,
        spaceId: c.spaceId,
        spaceTitle,
        yourRole: c.ownerId === userId ? 'owner' : 'farmer',
        otherParty: nameOf(c.ownerId === userId ? c.farmerId : c.ownerId),
        startedAt: iso(c.createdAt),
        messages: thread
          .filter((m) => m.conversationId === c.id)
          .map((m) => ({ id: m.id, fromYou: m.senderId === userId, sender: nameOf(m.senderId), content: m.content, proposalId: m.proposalId, sentAt: iso(m.createdAt) })),
      }));
    },
  },
  {
    name: 'leaseProposals',
    tables: [leaseProposals],
    note: 'The lease terms proposed in your conversations, by you or to you; an accepted proposal (agreed: true) is your lease agreement.',
    async read({ db }, userId) {
      const ids = await conversationIdsOf(db, userId);
      if (ids.length === 0) return [];
      const rows = await db.select().from(leaseProposals).where(inArray(leaseProposals.conversationId, ids)).orderBy(asc(leaseProposals.id));
      return rows.map(({ proposedBy, respondedBy, ...r }) => ({
        ...r,
        proposedByYou: proposedBy === userId,
        respondedByYou: respondedBy === userId,
        agreed: r.status === 'accepted',
        respondedAt: iso(r.respondedAt),
        createdAt: iso(r.createdAt),
      }));
    },
  },
  {
    name: 'payments',
    tables: [payments, couponRedemptions],
    note: 'Your payments and their receipts (kept after the account is closed, for the legal retention period), and the coupons you redeemed.',
    async read({ db }, userId) {
      const rows = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.id));
      const redeemed = await db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, userId));
      return rows.map((p) => ({
        id: p.id,
        spaceId: p.spaceId,
        listing: p.spaceTitle,
        amount: p.amount,
        currency: p.currency,
        listPriceCents: p.listPriceCents,
        type: p.paymentType,
        status: p.status,
        description: p.description,
        couponRedeemed: redeemed.some((r) => r.paymentId === p.id),
        paidAt: iso(p.paidAt),
        liveUntil: iso(p.liveUntil),
        refundedAt: iso(p.refundedAt),
        createdAt: iso(p.createdAt),
        ipAddress: p.ipAddress,
        userAgent: p.userAgent,
      }));
    },
  },
  {
    name: 'savedSearches',
    tables: [savedSearches],
    note: 'Your saved searches and their alert settings (the unsubscribe link secret is left out).',
    async read({ db }, userId) {
      const rows = await db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.id));
      return rows.map(({ unsubscribeToken: _secret, userId: _user, ...r }) => ({ ...r, unsubscribedAt: iso(r.unsubscribedAt), lastAlertAt: iso(r.lastAlertAt), createdAt: iso(r.createdAt) }));
    },
  },
  {
    name: 'savedSpaces',
    tables: [savedSpaces],
    note: 'The listings you saved, including those you removed again (removedAt).',
    async read({ db }, userId) {
      const rows = await db.select().from(savedSpaces).where(eq(savedSpaces.userId, userId)).orderBy(asc(savedSpaces.savedAt));
      return rows.map((r) => ({ spaceId: r.spaceId, firstSavedAt: iso(r.createdAt), savedAt: iso(r.savedAt), removedAt: iso(r.removedAt) }));
    },
  },
  {
    name: 'reviews',
    tables: [reviews],
    note:
      'The reviews you wrote after an agreed lease (writtenByYou: true), kept and shown under "Former member" if you close your account, and the published reviews written about you, with the replies. A review of you still waiting for your own (double-blind) is not included until it is published.',
    async read({ db, now }, userId) {
      return reviewsOfPerson(db, userId, now);
    },
  },
  {
    name: 'pushDevices',
    tables: [pushSubscriptions, pushOutbox],
    note: 'The devices you turned notifications on for, and the notifications sent to them. The push addresses and keys are left out: they let whoever holds them write to the device.',
    async read({ db }, userId) {
      const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.id));
      const ids = devices.map((d) => d.id);
      const pushes = ids.length ? await db.select().from(pushOutbox).where(inArray(pushOutbox.subscriptionId, ids)).orderBy(asc(pushOutbox.id)) : [];
      return devices.map((d) => ({
        device: d.deviceLabel,
        turnedOnAt: iso(d.createdAt),
        lastPushedAt: iso(d.lastPushedAt),
        pausedAt: iso(d.disabledAt),
        notifications: pushes.filter((p) => p.subscriptionId === d.id).map((p) => ({ kind: p.kind, title: p.payload.title, body: p.payload.body, status: p.status, createdAt: iso(p.createdAt), sentAt: iso(p.sentAt) })),
      }));
    },
  },
  {
    name: 'reportsMade',
    tables: [reports],
    note: 'The reports you made about listings, people or conversations. Reports others made about you are not included: they would name the people who made them.',
    async read({ db }, userId) {
      const rows = await db.select().from(reports).where(eq(reports.reporterId, userId)).orderBy(asc(reports.id));
      return rows.map((r) => ({ id: r.id, targetType: r.targetType, targetId: r.targetId, reason: r.reason, details: r.details, status: r.status, createdAt: iso(r.createdAt), resolvedAt: iso(r.resolvedAt) }));
    },
  },
  {
    name: 'securityEvents',
    tables: [securityEvents],
    note: 'Sign-ups, sign-ins, failed sign-ins, lockouts and checkout attempts on your account, with the address and browser they came from.',
    async read({ db }, userId) {
      const rows = await db.select().from(securityEvents).where(eq(securityEvents.userId, userId)).orderBy(asc(securityEvents.id));
      return rows.map((r) => ({ type: r.eventType, ipAddress: r.ipAddress, userAgent: r.userAgent, fraudScore: r.fraudScore, details: r.metadata, at: iso(r.createdAt) }));
    },
  },
  {
    name: 'emailsSent',
    tables: [emailNotifications],
    note: 'The e-mails FarmSpace wrote to you: type, address, subject and delivery. Their bodies are left out: some carry sign-in, reset or unsubscribe links that still work.',
    async read({ db }, userId) {
      const rows = await db.select().from(emailNotifications).where(eq(emailNotifications.userId, userId)).orderBy(asc(emailNotifications.id));
      return rows.map((r) => ({ type: r.type, to: r.recipient, subject: r.subject, status: r.status, createdAt: iso(r.createdAt), sentAt: iso(r.sentAt) }));
    },
  },
];

/**
 * Tables that hold a person's rows but are not exported, each with the reason. The schema test accepts a
 * table here or in a section, nothing else.
 */
export const NOT_EXPORTED: Array<{ table: PgTable; why: string }> = [
  // Secrets: a copy in a downloaded file would let whoever finds it act as the person.
  { table: sessions, why: 'session tokens (secrets); the active devices are the security events' },
  { table: accounts, why: "the password's hash (a secret)" },
  { table: emailVerificationTokens, why: 'e-mail link secrets' },
  { table: passwordResetTokens, why: 'e-mail link secrets' },
  // Bookkeeping that describes no act of the person beyond what securityEvents already holds.
  { table: failedLogins, why: "a counter of the current lockout window; each failure is a security event, exported" },
  // Operators' own records: written by FarmSpace's staff, about their decisions (which reached the person by e-mail).
  { table: auditLog, why: "operators' records of their decisions, kept for the legal retention period" },
  // Lapses within a minute: which conversation is on the person's screen right now (docs/decisions/1701).
  { table: pushPresence, why: 'a mark, gone within a minute, of the conversation open on your screen (so it is not also pushed to you)' },
  { table: blogPosts, why: "the site's editorial articles, written by operators in FarmSpace's name" },
];

/** The whole document for one person. */
export async function exportAccount(ctx: Omit<ExportContext, 'now'>, userId: number, now: Date): Promise<AccountExport> {
  const sections: AccountExport['sections'] = {};
  const notes: AccountExport['notes'] = {};
  for (const section of EXPORT_SECTIONS) {
    sections[section.name] = await section.read({ ...ctx, now }, userId);
    notes[section.name] = section.note;
  }
  return { format: 'farmspace-account-export', version: ACCOUNT_EXPORT_VERSION, exportedAt: now.toISOString(), notes, sections };
}

/** The download's file name: the site's name and the day. */
export function exportFileName(now: Date): string {
  return `farmspace-my-data-${now.toISOString().slice(0, 10)}.json`;
}

// Consumed by the schema test and kept in one place with the sections: the tables the document covers.
export function exportedTables(): PgTable[] {
  return EXPORT_SECTIONS.flatMap((s) => s.tables);
}

