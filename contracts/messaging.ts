// The plain half of the messaging contracts: limits, texts of spec 2.8/5/8, the answers' shapes and small
// helpers. No zod here, so islands can import it without bundling a schema library (schemas: messaging.schemas.ts).
import type { AgreementSummary } from './agreements';

export const INQUIRY_MIN_LENGTH = 10;
/** Ours: spec 9 leaves the maximum open. Long enough for a detailed first letter, short enough to read. */
export const MESSAGE_MAX_LENGTH = 5000;
export const FARMER_NAME_MAX_LENGTH = 255;
/** A thread page: the newest this many messages, older ones with ?before=. */
export const THREAD_PAGE_DEFAULT = 50;
export const THREAD_PAGE_MAX = 200;
/** At most this many listings per conversation lookup (a browse page shows 24 or fewer). */
export const CONVERSATION_LOOKUP_MAX = 100;
/** A page of the conversation list (newest activity first); older ones with ?before=<X-Next-Cursor>. */
export const CONVERSATIONS_PAGE_DEFAULT = 50;
export const CONVERSATIONS_PAGE_MAX = 200;
/** The answer header of GET /api/conversations that carries the cursor of the next (older) page, if any. */
export const CONVERSATIONS_NEXT_CURSOR_HEADER = 'X-Next-Cursor';
/** Spec 9: conversations every 30 s; messages every 10 s, stale after 5 s. */
export const CONVERSATIONS_REFRESH_MS = 30_000;
export const MESSAGES_REFRESH_MS = 10_000;
export const MESSAGES_STALE_MS = 5_000;

export const MESSAGING_MESSAGES = {
  nameRequired: 'Name is required',
  inquiryTooShort: `Message must be at least ${INQUIRY_MIN_LENGTH} characters`,
  messageTooLong: `Message must be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`,
  messageBlank: 'Message cannot be empty',
  spaceNotFound: 'Space not found.',
  demoListing: 'This is an example listing and cannot be contacted.',
  ownListing: 'This is your own listing: you cannot contact yourself.',
  conversationNotFound: 'Conversation not found.',
  tooManyConversations: 'You have contacted many owners in a short time. Please wait a while before sending more inquiries.',
  // ours (issue 15, item 15): shown in the contact dialog with a button that resends the link
  verifyToContactMore: 'Please verify your e-mail address to contact more owners. Until then a new account can start two conversations. Open the link we e-mailed you, or send a new one.',
  tooManyMessages: 'You are sending messages too quickly. Please wait a moment and try again.',
} as const;

/** Toasts and empty states of spec 2.8 and 8. */
export const MESSAGING_TEXTS = {
  inquirySuccess: { title: 'Inquiry Sent', description: 'Your message has been sent to the space owner. They will contact you soon!' },
  inquiryFailure: { title: 'Error', fallback: 'Failed to send inquiry. Please try again.' },
  messageSuccess: { title: 'Message Sent', description: 'Your message has been delivered.' },
  messageFailure: { title: 'Send Failed', fallback: 'Failed to send message. Please try again.' },
  messagesFetchFailure: 'Failed to fetch messages',
  noListings: "You haven't listed any spaces yet.",
  noInquiriesReceived: 'No inquiries yet',
  noInquiriesSent: 'No inquiries sent yet',
  noConversations: 'No conversations yet',
  noMessages: 'No messages yet',
  /** Beside the title of a listing its owner deleted (its conversations and inquiries stay). */
  noLongerListed: 'no longer listed',
  noLongerListedNotice: 'This space is no longer listed. You can still write to each other here.',
} as const;

/** The contact dialog's prefilled message (spec 4: "a message is prefilled"). */
export function defaultInquiryMessage(spaceTitle: string): string {
  return `Hi, I'm interested in your space "${spaceTitle}". Is it still available? I'd love to learn more about access, utilities and lease terms.`;
}

// ---- answers -------------------------------------------------------------------------------------

/** proposalId: the message records a lease proposal's change (issue 20); the thread shows the proposal there. */
export type Message = { id: number; conversationId: number; senderId: number; content: string; proposalId: number | null; createdAt: string };

/** GET /api/conversations/lookup: a listing the signed-in farmer has already written about. */
export type ConversationLookupItem = { spaceId: number; conversationId: number };

export type ConversationListItem = {
  id: number;
  spaceId: number;
  /** suspended: FarmSpace suspended the other party's account (issue 19); closed: they closed it (issue 28).
   *  Either way nothing more can be sent; `id` opens their profile (/people/{id}) unless closed.
   *  reinstatedAt (YYYY-MM-DD, issue 43 item 4): FarmSpace reinstated the account after a suspension; null otherwise. */
  otherUser: { id: number; firstName: string; lastName: string; suspended?: boolean; closed?: boolean; reinstatedAt?: string | null };
  /** noLongerListed: the owner deleted the listing; the conversation stays (docs/decisions/0304). */
  /** pricePerMonth, currency, size: added (issue 20) to prefill and check lease terms. */
  /** hidden (FarmSpace hid the listing: no terms can be proposed or accepted) and availableFrom (YYYY-MM-DD,
   *  the first day a lease can start): added (issue 25, items 19 and 20). */
  space: { id: number; title: string; noLongerListed: boolean; hidden: boolean; availableFrom: string | null; pricePerMonth: string; currency: string; size: number };
  unreadCount: number;
  lastMessageAt: string;
};

/** POST /api/conversations: the conversation (new or existing) and the message just added. */
export type StartConversationResponse = { conversationId: number; inquiryId: number; message: Message; created: boolean };

export type SentInquiry = {
  id: number;
  spaceId: number;
  message: string;
  status: 'pending' | 'responded' | 'closed';
  createdAt: string;
  space: { id: number; title: string; location: string; city: string; noLongerListed: boolean };
  /** Added (issue 20): the conversation the inquiry opened, and the terms accepted in it (the newest), if any. */
  conversationId: number | null;
  agreement: AgreementSummary | null;
};

export type ReceivedInquiry = {
  id: number;
  spaceId: number;
  farmerName: string;
  farmerEmail: string;
  message: string;
  status: 'pending' | 'responded' | 'closed';
  createdAt: string;
  space: { id: number; title: string; noLongerListed: boolean };
  conversationId: number | null;
  /** Added (issue 20): the terms accepted in the conversation (the newest), if any. */
  agreement: AgreementSummary | null;
};

export type UnreadCountResponse = { count: number };

/** The dashboard address every message e-mail links to. */
export function conversationPath(conversationId: number): string {
  return `/dashboard?tab=messages&conversation=${conversationId}`;
}

/** Spec 2.8: escaped apostrophes and quotes in message text are shown as the plain characters. */
export function decodeMessageEntities(text: string): string {
  return text.replace(/&#39;|&#x27;|&apos;/g, "'").replace(/&quot;|&#34;/g, '"');
}
