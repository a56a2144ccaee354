// Messages (spec 2.8): the conversation list and the open thread with a 2-row box. The thread takes the
// height of the screen below the navigation bar (issue 25, item 9: a fixed 300 px box could not hold a
// proposal card) and follows its newest item. On a phone the list stands above the thread, so choosing a
// conversation brings the thread into view.
// The first conversation (or the one in the address) is selected automatically; Enter sends, Shift+Enter
// makes a newline; the send button waits for non-blank text; after sending the box clears and both lists
// refresh. Message text is rendered as text (React escapes it); only &#39; and &quot; are decoded.
import { ReportButton } from '../spaces/detail/ReportButton';
import { useStore } from '@nanostores/react';
import { memo, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type Ref } from 'react';
import { decodeMessageEntities, MESSAGE_MAX_LENGTH, MESSAGING_TEXTS, type ConversationListItem, type Message } from '#contracts/messaging';
import { errorMessage } from '../../lib/api/api-client';
import { $conversations, $olderConversations, $selectedConversation, $thread, loadOlderConversations, mergeConversationPages, sendMessage, watchReading } from '../../lib/stores/messaging-store';
import { showToast } from '../../lib/stores/toast-store';
import { displayName } from '#contracts/auth';
import { SUPPORT_EMAIL } from '#contracts/constants';
import { LengthCounter } from '../shared/FormField';
import { messageTime } from './format';
import { NoLongerListed } from './NoLongerListed';
import { ProposalThreadItem, ProposeTermsButton, termsClosedReason, useConversationProposals } from './ProposalThread';
import { AGREEMENT_MESSAGES, formatLeaseDate, type LeaseProposal } from '#contracts/agreements';
import { ACCOUNT_DATA_TEXTS } from '#contracts/account-data';
import { useFollowNewest } from './use-follow-newest';
import { useThreadHeight } from './use-thread-height';

export function MessagesTab({ userId, requestedConversation, onSelect }: { userId: number; requestedConversation: number | null; onSelect(id: number): void }) {
  const conversations = useStore($conversations);
  const older = useStore($olderConversations);
  const selected = useStore($selectedConversation);
  const list = useMemo(() => conversations.data && mergeConversationPages(conversations.data, older.items), [conversations.data, older.items]);
  // Whether the reader chose the open conversation (a click, or the address naming it), not the default.
  const [chosen, setChosen] = useState(requestedConversation !== null);
  const [grid, setGrid] = useState<HTMLDivElement | null>(null);
  const paneHeight = useThreadHeight(grid);
  // The open thread, read in a visible tab, is not also pushed to this person's devices (issue 30).
  useEffect(() => watchReading(), []);

  // Select the conversation the address names (if it is ours), else the first one.
  useEffect(() => {
    if (!list?.length) return;
    if (selected !== null && list.some((c) => c.id === selected)) return;
    const wanted = requestedConversation !== null && list.some((c) => c.id === requestedConversation) ? requestedConversation : list[0]!.id;
    $selectedConversation.set(wanted);
  }, [list, selected, requestedConversation]);

  if (!list) {
    return <p className="text-muted" role="status">{conversations.error ? 'Failed to load conversations.' : 'Loading conversations…'}</p>;
  }
  if (list.length === 0) {
    return (
      <div className="card flex flex-col items-center gap-3 p-10 text-center">
        <p className="text-muted">{MESSAGING_TEXTS.noConversations}</p>
        <a href="/spaces" className="btn-primary">
          Browse Farm Spaces
        </a>
      </div>
    );
  }
  const current = list.find((c) => c.id === selected) ?? null;
  return (
    // The panes' height (use-thread-height.ts); until it is measured, the window below the navigation bar.
    <div
      ref={setGrid}
      className="grid gap-4 [--thread-height:max(30rem,calc(100dvh-5rem))] lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
      style={paneHeight ? ({ '--thread-height': `${paneHeight}px` } as CSSProperties) : undefined}
    >
      <section aria-labelledby="conversations-title" className="card flex flex-col overflow-hidden lg:max-h-[var(--thread-height)]">
        <h2 id="conversations-title" className="border-b border-line px-4 py-3 text-base font-semibold text-ink">
          Conversations
        </h2>
        <ul className="max-h-[400px] overflow-y-auto lg:max-h-none lg:min-h-0 lg:flex-1" data-testid="conversation-list">
          {list.map((c) => (
            <li key={c.id}>
              <ConversationItem
                conversation={c}
                selected={c.id === selected}
                onSelect={() => {
                  $selectedConversation.set(c.id);
                  setChosen(true);
                  onSelect(c.id);
                }}
              />
            </li>
          ))}
          {older.nextCursor && (
            <li className="p-3 text-center">
              {/* The list is paged (docs/decisions/0305): older conversations come on request. */}
              <button type="button" className="btn-outline w-full" onClick={() => void loadOlderConversations()} disabled={older.loading} data-testid="load-older-conversations">
                {older.loading ? 'Loading…' : 'Load older conversations'}
              </button>
              {older.failed && <p className="mt-2 text-xs text-[var(--color-danger)]" role="alert">Failed to load older conversations.</p>}
            </li>
          )}
        </ul>
      </section>
      {current && <Thread key={current.id} conversation={current} userId={userId} chosen={chosen} />}
    </div>
  );
}

function ConversationItem({ conversation: c, selected, onSelect }: { conversation: ConversationListItem; selected: boolean; onSelect(): void }) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      data-conversation={c.id}
      className={`flex w-full items-start justify-between gap-3 border-b border-line px-4 py-3 text-left transition hover:bg-brand-50 ${selected ? 'bg-brand-50' : ''}`}
    >
      <span className="min-w-0">
        <span className="block truncate font-semibold text-ink">
          {displayName(c.otherUser)}
          {c.otherUser.suspended && <span className="ml-1 text-xs font-normal text-muted">(suspended)</span>}
        </span>
        <span className="block truncate text-sm text-muted">
          {c.space.title}
          <NoLongerListed space={c.space} />
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <span className="text-xs text-muted">{messageTime(c.lastMessageAt)}</span>
        {c.unreadCount > 0 && (
          <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white" data-unread-count>
            {c.unreadCount}
            <span className="sr-only"> unread</span>
          </span>
        )}
      </span>
    </button>
  );
}

function Thread({ conversation, userId, chosen }: { conversation: ConversationListItem; userId: number; chosen: boolean }) {
  const thread = useStore($thread);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  // The count shows as the text nears the limit (a chat box does not need "0 / 5,000" under every line).
  const nearLimit = draft.length >= MESSAGE_MAX_LENGTH * 0.8;
  const tooLong = draft.length > MESSAGE_MAX_LENGTH;
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLOListElement>(null);
  const section = useRef<HTMLElement>(null);
  const inputId = useId();
  const messages = thread.data;
  const newest = messages?.at(-1);
  const proposals = useConversationProposals(conversation.id, messages);
  const termsClosed = termsClosedReason(conversation);
  // Why nothing can be sent here at all (a suspended or closed account), or null.
  const blocked = conversation.otherUser.closed ? ACCOUNT_DATA_TEXTS.conversationClosed : conversation.otherUser.suspended ? AGREEMENT_MESSAGES.otherSuspended : null;
  const blockedId = `${inputId}-blocked`;
  const agreed = [...proposals.values()].some((p) => p.status === 'accepted');
  useFollowNewest(scroller, content, newest?.id, newest?.senderId === userId);

  // On a phone the thread stands below the list: bring it into view when a conversation is chosen (the
  // first one chosen for the reader on arrival only when the address asked for it).
  useEffect(() => {
    const el = section.current;
    if (!el || window.matchMedia('(min-width: 1024px)').matches) return;
    if (!chosen) return;
    el.scrollIntoView({ block: 'start' });
  }, [chosen]);

  async function send() {
    const content = draft.trim();
    if (!content || sending || tooLong || blocked) return;
    setSending(true);
    try {
      await sendMessage(conversation.id, content);
      setDraft('');
      showToast(MESSAGING_TEXTS.messageSuccess);
    } catch (error) {
      showToast({ title: MESSAGING_TEXTS.messageFailure.title, description: errorMessage(error, MESSAGING_TEXTS.messageFailure.fallback), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <section ref={section} aria-labelledby="thread-title" className="card flex h-[var(--thread-height)] flex-col overflow-hidden" data-testid="thread-pane">
      <div className="border-b border-line px-4 py-3">
        <div className="flex items-start justify-between gap-2">
          <h2 id="thread-title" className="text-base font-semibold text-ink">
            {/* Their public profile (issue 28); a closed account has none. */}
            {conversation.otherUser.closed ? (
              displayName(conversation.otherUser)
            ) : (
              <a href={`/people/${conversation.otherUser.id}`} className="hover:text-brand-700 hover:underline" data-testid="thread-profile-link">
                {displayName(conversation.otherUser)}
              </a>
            )}
          </h2>
          <ProposeTermsButton conversation={conversation} proposals={proposals} userId={userId} />
        </div>
        <p className="text-sm text-muted">
          <span className="line-clamp-1 wrap-anywhere" title={conversation.space.title}>
            {conversation.space.title}
          </span>
          <NoLongerListed space={conversation.space} />
        </p>
        {/* One state, said once (issue 43 item 9): why nothing can be sent here, which the disabled box points to. */}
        {blocked ? (
          <p id={blockedId} className="mt-1 text-xs font-semibold text-ink" data-terms-closed {...(conversation.otherUser.suspended ? { 'data-suspended': '' } : { 'data-closed': '' })}>
            {blocked}
          </p>
        ) : (
          <>
            {conversation.space.noLongerListed && <p className="mt-1 text-xs text-muted">{MESSAGING_TEXTS.noLongerListedNotice}</p>}
            {termsClosed && (
              <p className="mt-1 text-xs font-semibold text-ink" data-terms-closed>
                {termsClosed}
              </p>
            )}
          </>
        )}
        {/* An agreed lease with a suspended person (issue 25 item 24): what to do now, as the e-mail says. */}
        {conversation.otherUser.suspended && agreed && (
          <p role="alert" className="mt-2 rounded-lg border border-[var(--color-danger)] bg-[var(--color-danger-bg)] px-3 py-2 text-xs text-[var(--color-danger)]" data-suspended-lease>
            You agreed a lease with this person. We suspend an account when it breaks our rules, for example on suspected fraud: until you hear from us, do not send money, deposits or keys, and do not sign
            anything for this lease. Questions: <a href={`mailto:${SUPPORT_EMAIL}`} className="underline">{SUPPORT_EMAIL}</a>.
          </p>
        )}
        {/* The suspension walked back (issue 43 item 4): the warning gives way to what holds now. */}
        {!conversation.otherUser.suspended && conversation.otherUser.reinstatedAt && agreed && (
          <p role="status" className="mt-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-xs text-ink" data-reinstated-lease>
            FarmSpace reinstated this account on {formatLeaseDate(conversation.otherUser.reinstatedAt)}: our earlier warning about your lease no longer applies, and you can write to each other again. Questions:{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="underline">
              {SUPPORT_EMAIL}
            </a>
            .
          </p>
        )}
        {/* A closed account has nobody left to report. */}
        {!conversation.otherUser.closed && (
          <p className="mt-1">
            <ReportButton target={{ conversationId: conversation.id }} label="Report this person" />
          </p>
        )}
      </div>
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-3" role="log" aria-live="polite" aria-label={`Messages with ${displayName(conversation.otherUser)}`} tabIndex={0} data-testid="thread">
        {!messages ? (
          <p className="text-sm text-muted">{thread.error ? MESSAGING_TEXTS.messagesFetchFailure : 'Loading messages…'}</p>
        ) : messages.length === 0 ? (
          <p className="text-sm text-muted">{MESSAGING_TEXTS.noMessages}</p>
        ) : (
          <MessageList ref={content} messages={messages} proposals={proposals} conversation={conversation} userId={userId} />
        )}
        {thread.error && messages && <p className="mt-2 text-xs text-[var(--color-danger)]">{MESSAGING_TEXTS.messagesFetchFailure}</p>}
      </div>
      {/* Nothing can be sent to a suspended or closed account: the box stays, disabled, described by the header's reason. */}
      <form
        className="flex flex-col gap-1 border-t border-line p-3"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <div className="flex items-end gap-2">
          <label htmlFor={inputId} className="sr-only">
            Type a message
          </label>
          {/* No maxLength: it would cut a long paste silently; the count below says what is too much. The
              placeholder stays short enough for a phone's two rows; the keys are told beside it. */}
          <textarea
            id={inputId}
            rows={2}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder={blocked ? 'Messages can no longer be sent here' : 'Type a message…'}
            disabled={blocked !== null}
            aria-describedby={blocked ? blockedId : `${inputId}-keys${nearLimit ? ` ${inputId}-count` : ''}`}
            aria-invalid={tooLong || undefined}
            className={`min-w-0 flex-1 resize-none rounded-lg border bg-white px-3 py-2 text-sm text-ink shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:cursor-not-allowed disabled:bg-soil-50 ${tooLong ? 'border-[var(--color-danger)]' : 'border-line'}`}
          />
          <button type="submit" className="btn-primary" disabled={blocked !== null || !draft.trim() || sending || tooLong}>
            {sending ? 'Sending...' : 'Send'}
          </button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-3">
          <p id={`${inputId}-keys`} className={`hidden text-xs text-muted ${blocked ? '' : 'sm:block'}`}>
            Enter sends · Shift+Enter starts a new line
          </p>
          {nearLimit && <LengthCounter id={`${inputId}-count`} name="message" length={draft.length} max={MESSAGE_MAX_LENGTH} />}
        </div>
      </form>
    </section>
  );
}

/**
 * The thread's messages, apart from the composer (issue 40): typing a message re-rendered every message of the
 * thread on each key (a conversation of 200 messages: seconds of work per key at 4x CPU). Memoised, it redraws
 * only when the messages, their proposals, the conversation or the user change.
 */
const MessageList = memo(function MessageList({
  ref,
  messages,
  proposals,
  conversation,
  userId,
}: {
  ref: Ref<HTMLOListElement>;
  messages: Message[];
  proposals: Map<number, LeaseProposal>;
  conversation: ConversationListItem;
  userId: number;
}) {
  return (
    <ol ref={ref} className="flex flex-col gap-2">
      {messages.map((m, i) => {
        if (m.proposalId !== null) {
          const first = messages.findIndex((other) => other.proposalId === m.proposalId) === i;
          const proposal = proposals.get(m.proposalId);
          const previous = proposal?.replacesId ? proposals.get(proposal.replacesId) : undefined;
          return <ProposalThreadItem key={m.id} message={m} first={first} proposal={proposal} previous={previous} conversation={conversation} userId={userId} otherName={displayName(conversation.otherUser)} />;
        }
        const mine = m.senderId === userId;
        return (
          <li key={m.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-message={m.id}>
            <div className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ${mine ? 'bg-brand-700 text-white' : 'bg-soil-100 text-ink'}`}>
              <span className="sr-only">{mine ? 'You' : displayName(conversation.otherUser)}: </span>
              <p className="whitespace-pre-wrap wrap-anywhere">{decodeMessageEntities(m.content)}</p>
              <p className={`mt-1 text-[11px] ${mine ? 'text-brand-100' : 'text-muted'}`}>{messageTime(m.createdAt)}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
});
