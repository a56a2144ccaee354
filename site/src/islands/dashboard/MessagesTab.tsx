// Messages (spec 2.8): the conversation list (400 px high) and the open thread (300 px) with a 2-row box.
// The first conversation (or the one in the address) is selected automatically; Enter sends, Shift+Enter
// makes a newline; the send button waits for non-blank text; after sending the box clears and both lists
// refresh. Message text is rendered as text (React escapes it); only &#39; and &quot; are decoded.
import { ReportButton } from '../spaces/ReportButton';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { decodeMessageEntities, MESSAGE_MAX_LENGTH, MESSAGING_TEXTS, type ConversationListItem } from '#contracts/messaging';
import { errorMessage } from '../../lib/api-client';
import { $conversations, $olderConversations, $selectedConversation, $thread, loadOlderConversations, mergeConversationPages, sendMessage } from '../../lib/messaging-store';
import { showToast } from '../../lib/toast-store';
import { displayName } from '#contracts/auth';
import { messageTime } from './format';
import { NoLongerListed } from './NoLongerListed';
import { ProposalThreadItem, ProposeTermsButton, useConversationProposals } from './ProposalThread';

export function MessagesTab({ userId, requestedConversation, onSelect }: { userId: number; requestedConversation: number | null; onSelect(id: number): void }) {
  const conversations = useStore($conversations);
  const older = useStore($olderConversations);
  const selected = useStore($selectedConversation);
  const list = useMemo(() => conversations.data && mergeConversationPages(conversations.data, older.items), [conversations.data, older.items]);

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
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section aria-labelledby="conversations-title" className="card flex flex-col overflow-hidden">
        <h2 id="conversations-title" className="border-b border-line px-4 py-3 text-base font-semibold text-ink">
          Conversations
        </h2>
        <ul className="max-h-[400px] overflow-y-auto lg:h-[400px]" data-testid="conversation-list">
          {list.map((c) => (
            <li key={c.id}>
              <ConversationItem
                conversation={c}
                selected={c.id === selected}
                onSelect={() => {
                  $selectedConversation.set(c.id);
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
      {current && <Thread key={current.id} conversation={current} userId={userId} />}
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

function Thread({ conversation, userId }: { conversation: ConversationListItem; userId: number }) {
  const thread = useStore($thread);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const messages = thread.data;
  const lastId = messages?.at(-1)?.id;
  const proposals = useConversationProposals(conversation.id, messages);

  // Keep the newest message in view when one arrives.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  async function send() {
    const content = draft.trim();
    if (!content || sending) return;
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
    <section aria-labelledby="thread-title" className="card flex flex-col overflow-hidden">
      <div className="border-b border-line px-4 py-3">
        <div className="flex items-start justify-between gap-2">
          <h2 id="thread-title" className="text-base font-semibold text-ink">
            {displayName(conversation.otherUser)}
          </h2>
          <ProposeTermsButton conversation={conversation} proposals={proposals} userId={userId} />
        </div>
        <p className="text-sm text-muted">
          <span className="line-clamp-1 wrap-anywhere" title={conversation.space.title}>
            {conversation.space.title}
          </span>
          <NoLongerListed space={conversation.space} />
        </p>
        {conversation.space.noLongerListed && <p className="mt-1 text-xs text-muted">{MESSAGING_TEXTS.noLongerListedNotice}</p>}
        {conversation.otherUser.suspended && (
          <p className="mt-1 text-xs font-semibold text-ink" data-suspended>
            This account is suspended by FarmSpace: messages can no longer be sent in this conversation.
          </p>
        )}
        <p className="mt-1">
          <ReportButton target={{ conversationId: conversation.id }} label="Report this person" />
        </p>
      </div>
      <div ref={scroller} className="h-[300px] overflow-y-auto px-4 py-3" role="log" aria-live="polite" aria-label={`Messages with ${displayName(conversation.otherUser)}`} tabIndex={0} data-testid="thread">
        {!messages ? (
          <p className="text-sm text-muted">{thread.error ? MESSAGING_TEXTS.messagesFetchFailure : 'Loading messages…'}</p>
        ) : messages.length === 0 ? (
          <p className="text-sm text-muted">{MESSAGING_TEXTS.noMessages}</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {messages.map((m, i) => {
              if (m.proposalId !== null) {
                const first = messages.findIndex((other) => other.proposalId === m.proposalId) === i;
                return <ProposalThreadItem key={m.id} message={m} first={first} proposal={proposals.get(m.proposalId)} conversation={conversation} userId={userId} otherName={displayName(conversation.otherUser)} />;
              }
              const mine = m.senderId === userId;
              return (
                <li key={m.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-message={m.id}>
                  <div className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ${mine ? 'bg-brand-700 text-white' : 'bg-soil-100 text-ink'}`}>
                    <span className="sr-only">{mine ? 'You' : displayName(conversation.otherUser)}: </span>
                    <p className="break-words whitespace-pre-wrap">{decodeMessageEntities(m.content)}</p>
                    <p className={`mt-1 text-[11px] ${mine ? 'text-brand-100' : 'text-muted'}`}>{messageTime(m.createdAt)}</p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        {thread.error && messages && <p className="mt-2 text-xs text-[var(--color-danger)]">{MESSAGING_TEXTS.messagesFetchFailure}</p>}
      </div>
      <form
        className="flex items-end gap-2 border-t border-line p-3"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Type a message
        </label>
        <textarea
          id={inputId}
          rows={2}
          value={draft}
          maxLength={MESSAGE_MAX_LENGTH}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Type a message… (Enter to send, Shift+Enter for a new line)"
          className="min-w-0 flex-1 resize-none rounded-lg border border-line bg-white px-3 py-2 text-sm text-ink shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <button type="submit" className="btn-primary" disabled={!draft.trim() || sending}>
          {sending ? 'Sending...' : 'Send'}
        </button>
      </form>
    </section>
  );
}
