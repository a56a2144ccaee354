// Conversations, threads, inquiries and the unread count, shared by the dashboard island and the nav bar
// script. Refreshed as spec 9 says through @nanostores/query: conversations every 30 s, the open thread
// every 10 s (stale after 5 s), never on focus, and not at all while the tab is hidden (nanoquery skips
// fetches while document.hidden). A thread poll asks only for messages newer than the last one it holds,
// with that answer's ETag, so a poll that finds nothing costs a 304.
import { atom } from 'nanostores';
import {
  CONVERSATIONS_REFRESH_MS,
  MESSAGES_REFRESH_MS,
  MESSAGES_STALE_MS,
  type ConversationListItem,
  type Message,
  type ReceivedInquiry,
  type SentInquiry,
  type StartConversationResponse,
} from '#contracts/messaging';
import type { StartConversationRequest } from '#contracts/messaging.schemas';
import { PRESENCE_BEAT_MS } from '#contracts/push';
import { apiFetch, apiFetchIfChanged, apiFetchPage } from '../api/api-client';
import { createFetcherStore, revalidateKeys } from '../api/fetcher';
import { refreshUnreadCount } from './unread-store';


/**
 * Older pages of the conversation list (docs/decisions/0305), loaded on demand ("Load older
 * conversations") and not polled: `nextCursor` is where the next older page starts (null: none left).
 */
export type OlderConversations = { items: ConversationListItem[]; nextCursor: string | null; loading: boolean; failed: boolean };
export const $olderConversations = atom<OlderConversations>({ items: [], nextCursor: null, loading: false, failed: false });

/** The polled first page. Each answer also refreshes the nav's count (the list is paged: the server counts). */
async function fetchFirstConversationPage(...parts: (string | number | true)[]): Promise<ConversationListItem[]> {
  const { data, nextCursor } = await apiFetchPage<ConversationListItem[]>(parts.join(''));
  const older = $olderConversations.get();
  if (older.items.length === 0) {
    $olderConversations.set({ ...older, nextCursor });
  } else {
    // Conversations pushed off the first page by newer activity are older now: keep them in view.
    const leaving = ($conversations.value?.data ?? []).filter((held) => !data.some((c) => c.id === held.id));
    if (leaving.length) $olderConversations.set({ ...older, items: [...leaving, ...older.items] });
  }
  refreshUnreadCount();
  return data;
}

/** Subscribing starts the polling: only the dashboard does. */
export const $conversations = createFetcherStore<ConversationListItem[]>('/api/conversations', {
  fetcher: fetchFirstConversationPage,
  revalidateInterval: CONVERSATIONS_REFRESH_MS,
});

/** The next older page, appended below what the list shows. */
export async function loadOlderConversations(): Promise<void> {
  const state = $olderConversations.get();
  if (!state.nextCursor || state.loading) return;
  $olderConversations.set({ ...state, loading: true, failed: false });
  try {
    const { data, nextCursor } = await apiFetchPage<ConversationListItem[]>(`/api/conversations?before=${encodeURIComponent(state.nextCursor)}`);
    const now = $olderConversations.get();
    $olderConversations.set({ items: [...now.items, ...data], nextCursor, loading: false, failed: false });
  } catch {
    $olderConversations.set({ ...$olderConversations.get(), loading: false, failed: true });
  }
}

/** The list as shown: the polled first page (fresh) over the older pages, each conversation once, newest activity first. */
export function mergeConversationPages(first: ConversationListItem[], older: ConversationListItem[]): ConversationListItem[] {
  const seen = new Set(first.map((c) => c.id));
  const merged = [...first, ...older.filter((c) => !seen.has(c.id) && (seen.add(c.id), true))];
  return merged.sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt) || b.id - a.id);
}

/** The conversation open in the Messages tab. */
export const $selectedConversation = atom<number | null>(null);

type Thread = { messages: Message[]; etag?: string };
const threads = new Map<number, Thread>();

async function fetchThread(_prefix: string | number | true, id: string | number | true): Promise<Message[]> {
  const conversationId = Number(id);
  const held = threads.get(conversationId);
  const lastId = held?.messages.at(-1)?.id;
  const path = `/api/conversations/${conversationId}/messages${lastId ? `?after=${lastId}` : ''}`;
  const answer = await apiFetchIfChanged<Message[]>(path, held?.etag);
  if (answer.unchanged) return held!.messages;
  const messages = held && answer.data.length === 0 ? held.messages : [...(held?.messages ?? []), ...answer.data];
  threads.set(conversationId, { messages, etag: answer.etag });
  if (answer.data.length > 0) void markThreadRead(conversationId);
  return messages;
}

/**
 * The open thread showed new messages: it says so with a POST (reading a thread changes nothing on the
 * server; issue 38 item 12), then the list's badge and the nav's count follow.
 */
async function markThreadRead(conversationId: number): Promise<void> {
  try {
    await apiFetch(`/api/conversations/${conversationId}/read`, { method: 'POST', body: {} });
  } catch {
    return; // The next poll with new messages says it again.
  }
  if ($conversations.value?.data?.some((c) => c.id === conversationId && c.unreadCount > 0)) void $conversations.revalidate();
  const older = $olderConversations.get();
  if (older.items.some((c) => c.id === conversationId && c.unreadCount > 0)) {
    $olderConversations.set({ ...older, items: older.items.map((c) => (c.id === conversationId ? { ...c, unreadCount: 0 } : c)) });
    refreshUnreadCount();
  }
}

export const $thread = createFetcherStore<Message[]>(['thread:', $selectedConversation], {
  fetcher: fetchThread as (...parts: (string | number | true)[]) => Promise<Message[]>,
  revalidateInterval: MESSAGES_REFRESH_MS,
  dedupeTime: MESSAGES_STALE_MS,
});

/**
 * While a thread is open in a visible tab, the server hears every PRESENCE_BEAT_MS that this person is reading
 * it, and does not push them about it (issue 30, docs/decisions/1701); hiding the tab or leaving the thread says
 * so at once. The Messages tab runs it while it is shown; the returned function stops it.
 */
export function watchReading(): () => void {
  let reading: number | null = null;
  const say = (method: 'PUT' | 'DELETE', conversationId: number) => void apiFetch('/api/push/presence', { method, body: { conversationId } }).catch(() => undefined);
  const stop = () => {
    if (reading !== null) say('DELETE', reading);
    reading = null;
  };
  const beat = () => {
    const open = $selectedConversation.get();
    if (open !== reading) stop();
    if (open === null || document.hidden) return stop();
    reading = open;
    say('PUT', open);
  };
  const timer = setInterval(beat, PRESENCE_BEAT_MS);
  const unsubscribe = $selectedConversation.listen(beat);
  document.addEventListener('visibilitychange', beat);
  beat();
  return () => {
    clearInterval(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', beat);
    stop();
  };
}

/** Sends a message; the thread and the list refresh at once (spec 2.8). */
export async function sendMessage(conversationId: number, content: string): Promise<Message> {
  const message = await apiFetch<Message>(`/api/conversations/${conversationId}/messages`, { method: 'POST', body: { content } });
  revalidateKeys((key) => key === `thread:${conversationId}` || key === '/api/conversations');
  return message;
}

/** A farmer's inquiry about a listing (the contact dialog): opens the conversation, or writes in the one there is. */
export async function sendInquiry(inquiry: StartConversationRequest): Promise<StartConversationResponse> {
  const sent = await apiFetch<StartConversationResponse>('/api/conversations', { method: 'POST', body: inquiry });
  revalidateKeys((key) => key === '/api/conversations' || key === '/api/inquiries/farmer');
  return sent;
}

export const $receivedInquiries = createFetcherStore<ReceivedInquiry[]>('/api/inquiries/owner');
export const $sentInquiries = createFetcherStore<SentInquiry[]>('/api/inquiries/farmer');
