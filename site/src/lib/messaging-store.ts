// Conversations, threads, inquiries and the unread count, shared by the dashboard island and the nav bar
// script. Refreshed as spec 9 says through @nanostores/query: conversations every 30 s, the open thread
// every 10 s (stale after 5 s), never on focus, and not at all while the tab is hidden (nanoquery skips
// fetches while document.hidden). A thread poll asks only for messages newer than the last one it holds,
// with that answer's ETag, so a poll that finds nothing costs a 304.
import { nanoquery } from '@nanostores/query';
import { atom, onSet } from 'nanostores';
import {
  CONVERSATIONS_REFRESH_MS,
  MESSAGES_REFRESH_MS,
  MESSAGES_STALE_MS,
  type ConversationListItem,
  type Message,
  type ReceivedInquiry,
  type SentInquiry,
} from '../../../contracts/messaging-texts';
import type { OwnSpace } from '../../../contracts/spaces';
import { apiFetch, apiFetchIfChanged } from './api-client';
import { $unreadCount } from './unread-store';

export const [createFetcherStore, createMutatorStore, { revalidateKeys }] = nanoquery({
  fetcher: (...parts) => apiFetch(parts.join('')),
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
});

/** Subscribing starts the polling: only the dashboard does. Each answer also updates the nav's count. */
export const $conversations = createFetcherStore<ConversationListItem[]>('/api/conversations', { revalidateInterval: CONVERSATIONS_REFRESH_MS });
onSet($conversations, ({ newValue }) => {
  if (newValue.data) $unreadCount.set(newValue.data.reduce((sum, c) => sum + c.unreadCount, 0));
});

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
  if (answer.data.length > 0 && $conversations.value?.data?.some((c) => c.id === conversationId && c.unreadCount > 0)) {
    // Opening the thread read its messages: the list's badge and the nav's count follow at once.
    void $conversations.revalidate();
  }
  return messages;
}

export const $thread = createFetcherStore<Message[]>(['thread:', $selectedConversation], {
  fetcher: fetchThread as (...parts: (string | number | true)[]) => Promise<Message[]>,
  revalidateInterval: MESSAGES_REFRESH_MS,
  dedupeTime: MESSAGES_STALE_MS,
});

/** Sends a message; the thread and the list refresh at once (spec 2.8). */
export async function sendMessage(conversationId: number, content: string): Promise<Message> {
  const message = await apiFetch<Message>(`/api/conversations/${conversationId}/messages`, { method: 'POST', body: { content } });
  revalidateKeys((key) => key === `thread:${conversationId}` || key === '/api/conversations');
  return message;
}

export const $receivedInquiries = createFetcherStore<ReceivedInquiry[]>('/api/inquiries/owner');
export const $sentInquiries = createFetcherStore<SentInquiry[]>('/api/inquiries/farmer');
export const $mySpaces = createFetcherStore<OwnSpace[]>('/api/spaces/my');

/** After a change to the owner's listings (pause, resume, delete). */
export function refreshMySpaces(): void {
  void $mySpaces.revalidate();
}
