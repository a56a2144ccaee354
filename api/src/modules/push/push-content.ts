// What each event's notification says. Message text (a message, an inquiry) is cut to PUSH_PREVIEW_CHARS, or
// left out for a person who hides message text on lock screens: then the notification says who and where.
import { PUSH_PREVIEW_CHARS } from '#contracts/push';
import { cutText } from '#contracts/text';
import { conversationPath } from '#contracts/messaging';
import type { PushPayload } from '#db/schema/index';

export type ProposalStep = 'proposed' | 'countered' | 'accepted';

/** One thing a person is told about; `userId` is the one told. */
export type PushEvent =
  | { kind: 'message' | 'inquiry'; userId: number; conversationId: number; senderName: string; spaceTitle: string; text: string }
  | { kind: 'proposal'; userId: number; conversationId: number; senderName: string; spaceTitle: string; step: ProposalStep }
  | { kind: 'saved_search_alert'; userId: number; searchName: string; listingTitles: string[]; url: string };

/** One line of at most PUSH_PREVIEW_CHARS, cut between graphemes (an emoji across the cut is left out whole). */
export function preview(text: string): string {
  return cutText(text, PUSH_PREVIEW_CHARS, { flatten: true });
}

const PROPOSAL_TITLES: Record<ProposalStep, (name: string) => string> = {
  proposed: (name) => `${name} proposed lease terms`,
  countered: (name) => `${name} countered your lease terms`,
  accepted: (name) => `${name} accepted the lease terms`,
};

export function pushPayload(event: PushEvent, hideMessageText: boolean): PushPayload {
  switch (event.kind) {
    case 'message':
    case 'inquiry': {
      const about = `About “${event.spaceTitle}”`;
      return {
        title: event.kind === 'inquiry' ? `New inquiry from ${event.senderName}` : `New message from ${event.senderName}`,
        body: hideMessageText ? about : preview(event.text) || about,
        url: conversationPath(event.conversationId),
        tag: `conversation-${event.conversationId}`,
      };
    }
    case 'proposal':
      return { title: PROPOSAL_TITLES[event.step](event.senderName), body: `“${event.spaceTitle}”`, url: conversationPath(event.conversationId), tag: `conversation-${event.conversationId}` };
    case 'saved_search_alert': {
      const n = event.listingTitles.length;
      return {
        title: `${n} new ${n === 1 ? 'space matches' : 'spaces match'} “${event.searchName}”`,
        body: preview(event.listingTitles.join(' · ')),
        url: event.url,
        tag: `saved-search-${event.searchName}`,
      };
    }
  }
}
