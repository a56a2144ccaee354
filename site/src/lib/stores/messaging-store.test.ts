import { describe, expect, it } from 'vitest';
import type { ConversationListItem } from '#contracts/messaging';
import { mergeConversationPages } from './messaging-store';

const item = (id: number, minute: number, unreadCount = 0): ConversationListItem => ({
  id,
  spaceId: id,
  otherUser: { id: 100 + id, firstName: 'Other', lastName: `${id}` },
  space: { id, title: `Space ${id}`, noLongerListed: false, hidden: false, availableFrom: null, pricePerMonth: '1000.00', currency: 'USD', size: 1000 },
  unreadCount,
  lastMessageAt: new Date(Date.UTC(2026, 10, 23, 12, minute)).toISOString(),
});

describe('mergeConversationPages', () => {
  it('shows each conversation once, the polled first page winning, newest activity first', () => {
    const first = [item(9, 50, 2), item(3, 40), item(8, 30)];
    // 3 was in an older page before a new message moved it up: the fresh copy is kept, the stale one dropped.
    const older = [item(7, 20), item(3, 10, 1), item(5, 5)];
    expect(mergeConversationPages(first, older).map((c) => [c.id, c.unreadCount])).toEqual([
      [9, 2],
      [3, 0],
      [8, 0],
      [7, 0],
      [5, 0],
    ]);
  });

  it('breaks ties in activity time by id, as the server pages them', () => {
    expect(mergeConversationPages([item(2, 30)], [item(4, 30), item(1, 30)]).map((c) => c.id)).toEqual([4, 2, 1]);
  });
});
