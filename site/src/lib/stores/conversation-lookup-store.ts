// Which listings on screen the signed-in farmer has already written about: the action areas of the cards
// ask for their listing, and the ids asked for in one render go out as one GET /api/conversations/lookup.
import { map } from 'nanostores';
import { CONVERSATION_LOOKUP_MAX, type ConversationLookupItem } from '#contracts/messaging';
import { apiFetch } from '../api/api-client';

/** Listing id → the farmer's conversation about it, or null when there is none (absent: not asked yet). */
export const $conversationBySpace = map<Record<string, number | null>>({});

const pending = new Set<number>();
let scheduled = false;

async function flush(): Promise<void> {
  scheduled = false;
  const ids = [...pending].slice(0, CONVERSATION_LOOKUP_MAX);
  for (const id of ids) pending.delete(id);
  if (pending.size > 0) schedule();
  try {
    const found = await apiFetch<ConversationLookupItem[]>(`/api/conversations/lookup?spaceIds=${ids.join(',')}`);
    const known = new Map(found.map((f) => [f.spaceId, f.conversationId]));
    for (const id of ids) if ($conversationBySpace.get()[id] === undefined) $conversationBySpace.setKey(String(id), known.get(id) ?? null);
  } catch {
    // Unknown stays unknown: the card keeps offering Contact Owner, which reaches the same conversation.
  }
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => void flush());
}

/** Asks (batched with the other cards of this render) whether the farmer has a conversation about `spaceId`. */
export function lookUpConversation(spaceId: number): void {
  if ($conversationBySpace.get()[spaceId] !== undefined || pending.has(spaceId)) return;
  pending.add(spaceId);
  schedule();
}

/** The conversation the farmer has just opened about `spaceId` (the contact dialog's answer). */
export function rememberConversation(spaceId: number, conversationId: number): void {
  $conversationBySpace.setKey(String(spaceId), conversationId);
}

