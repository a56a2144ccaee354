// The emails we send, each in plain text and simple HTML. Every value that comes from a user is escaped
// in the HTML part (names can contain markup); links are built from PUBLIC_SITE_URL, never from a request.
// Greetings carry no name: a name is whatever the account typed, and an account can send our e-mails to an
// address it does not own (sign-up, e-mail change), so a greeting must not be able to carry its text.
import { FORMER_MEMBER_NAME } from '#contracts/account-data';
import { cutText } from '#contracts/text';

/** replyTo: set on the e-mails that ask for an answer (mail goes from a no-reply address): the support address. */
export type EmailContent = { subject: string; text: string; html: string; replyTo?: string };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' })[c]!);
}

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1c663c;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#4d5b53">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="margin:0;background:#f0faf3;font-family:Arial,Helvetica,sans-serif;color:#17231c"><div style="max-width:560px;margin:0 auto;padding:32px 24px;background:#ffffff"><p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#175132">FarmSpace</p>${body}${button}<p style="margin:32px 0 0;font-size:12px;color:#4d5b53">You receive this e-mail because of an action on your FarmSpace account. If it was not you, you can ignore it.</p></div></body></html>`;
}

/** The opening line of every e-mail: ours, never a user's text (see docs/decisions/0104). */
const GREETING = 'Hello,';

export function verificationEmail(input: { url: string }): EmailContent {
  const subject = 'Verify your FarmSpace e-mail address';
  const text = `${GREETING}\n\nWelcome to FarmSpace! Please confirm your e-mail address by opening this link (valid for 24 hours):\n\n${input.url}\n\nIf you did not create an account, you can ignore this e-mail.\n\nThe FarmSpace team`;
  const html = layout(
    subject,
    [GREETING, 'Welcome to FarmSpace! Please confirm your e-mail address. The link is valid for 24 hours.'],
    { label: 'Verify e-mail address', url: input.url },
  );
  return { subject, text, html };
}

export function passwordResetEmail(input: { url: string }): EmailContent {
  const subject = 'Reset your FarmSpace password';
  const text = `${GREETING}\n\nSomeone (hopefully you) asked to reset the password of your FarmSpace account. Open this link to choose a new one (valid for one hour, usable once):\n\n${input.url}\n\nIf you did not ask for this, you can ignore this e-mail: your password stays as it is.\n\nThe FarmSpace team`;
  const html = layout(
    subject,
    [GREETING, 'Someone (hopefully you) asked to reset the password of your FarmSpace account. The link is valid for one hour and can be used once.', 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.'],
    { label: 'Choose a new password', url: input.url },
  );
  return { subject, text, html };
}

/**
 * To the address an account had, when it is replaced: who did it can undo it from here ("this was not
 * me"): the link puts this address back, lets the owner choose a new password and signs out every device.
 */
export function emailChangedNoticeEmail(input: { newEmail: string; undoUrl: string; undoDays: number }): EmailContent {
  const subject = 'The e-mail address of your FarmSpace account was changed';
  const text = `${GREETING}\n\nThe e-mail address of your FarmSpace account was just changed to ${input.newEmail}. From now on we write to that address.\n\nIf this was you, there is nothing to do.\n\nIf it was not you, open this link (valid for ${input.undoDays} days): it puts this address back on your account, lets you choose a new password and signs out every device:\n\n${input.undoUrl}\n\nThe FarmSpace team`;
  const html = layout(
    subject,
    [
      GREETING,
      `The e-mail address of your FarmSpace account was just changed to <strong>${escapeHtml(input.newEmail)}</strong>. From now on we write to that address.`,
      'If this was you, there is nothing to do.',
      `If it was not you, use the button below (valid for ${input.undoDays} days): it puts this address back on your account, lets you choose a new password and signs out every device.`,
    ],
    { label: 'This was not me: secure my account', url: input.undoUrl },
  );
  return { subject, text, html };
}

/**
 * To the address a closed account had (issue 28): what happened and what was kept. No link: the account
 * cannot be opened again, and a new sign-up with this address is an ordinary sign-up.
 */
export function accountClosedEmail(input: { listingsRemoved: number; supportEmail: string }): EmailContent {
  const subject = 'Your FarmSpace account is closed';
  const listings = input.listingsRemoved === 1 ? 'Your listing was taken down.' : input.listingsRemoved > 1 ? `Your ${input.listingsRemoved} listings were taken down.` : '';
  const kept =
    `The messages you wrote stay in the conversations of the people you wrote to, under the name "${FORMER_MEMBER_NAME}"; receipts of payments and the records the law requires us to keep are kept for the legal retention period. Your saved searches and saved spaces are deleted, and every device signed in to the account was signed out.`;
  const again = 'This address is free again: you can create a new account with it at any time.';
  const notYou = `If you did not close your account, write to ${input.supportEmail} at once.`;
  const text = `${GREETING}\n\nYour FarmSpace account was closed just now, as you asked.${listings ? ` ${listings}` : ''}\n\n${kept}\n\n${again}\n\n${notYou}\n\nThe FarmSpace team`;
  const html = layout(subject, [GREETING, `Your FarmSpace account was closed just now, as you asked.${listings ? ` ${listings}` : ''}`, kept, again, escapeHtml(notYou)]);
  return { subject, text, html };
}

/** A few lines of a user's message for an e-mail, cut at a word boundary (or between graphemes). */
function excerpt(text: string, max = 400): string {
  return cutText(text.trim(), max, { atWord: 0.6 });
}

export function inquiryReceivedEmail(input: { farmerName: string; spaceTitle: string; message: string; url: string }): EmailContent {
  const subject = cutText(`New inquiry about ${input.spaceTitle}`, 255, { ellipsis: '' });
  const quote = excerpt(input.message);
  const text = `${GREETING}\n\n${input.farmerName} is interested in your space "${input.spaceTitle}" and wrote:\n\n${quote}\n\nReply from your dashboard:\n\n${input.url}\n\nThe FarmSpace team`;
  const html = layout(
    subject,
    [
      GREETING,
      `${escapeHtml(input.farmerName)} is interested in your space “${escapeHtml(input.spaceTitle)}” and wrote:`,
      `<span style="display:block;border-left:3px solid #1c663c;padding-left:12px;white-space:pre-wrap">${escapeHtml(quote)}</span>`,
    ],
    { label: 'Reply in your dashboard', url: input.url },
  );
  return { subject, text, html };
}

export function newMessagesEmail(input: { senderName: string; spaceTitle: string; count: number; latest: string; url: string }): EmailContent {
  const what = input.count > 1 ? `${input.count} new messages` : 'New message';
  const subject = cutText(`${what} about ${input.spaceTitle}`, 255, { ellipsis: '' });
  const quote = excerpt(input.latest);
  const intro = input.count > 1 ? `${input.senderName} sent you ${input.count} new messages about "${input.spaceTitle}". The latest:` : `${input.senderName} sent you a message about "${input.spaceTitle}":`;
  const text = `${GREETING}\n\n${intro}\n\n${quote}\n\nRead and reply in your dashboard:\n\n${input.url}\n\nWe e-mail you at most once every 15 minutes per conversation. You can turn these e-mails off in your settings.\n\nThe FarmSpace team`;
  const html = layout(
    subject,
    [
      GREETING,
      escapeHtml(intro),
      `<span style="display:block;border-left:3px solid #1c663c;padding-left:12px;white-space:pre-wrap">${escapeHtml(quote)}</span>`,
      'We e-mail you at most once every 15 minutes per conversation. You can turn these e-mails off in your settings.',
    ],
    { label: 'Read and reply', url: input.url },
  );
  return { subject, text, html };
}

/** `free`: a coupon covered the whole fee (issue 43 item 14): nothing was paid, so no "payment of $0.00". */
export function paymentConfirmationEmail(input: {
  listingTitle: string;
  amount: string;
  free?: boolean;
  plan: string;
  liveUntil: string;
  listingUrl: string;
  receiptUrl: string;
}): EmailContent {
  const subject = cutText(input.free ? `Your listing is live: ${input.listingTitle}` : `Payment received: ${input.listingTitle}`, 255, { ellipsis: '' });
  const { plan, listingTitle: title } = input;
  const thanks = input.free
    ? { text: `Your coupon covered the whole fee (${plan}) for "${title}", so nothing was charged.`, html: `Your coupon covered the whole fee (${escapeHtml(plan)}) for “${escapeHtml(title)}”, so nothing was charged.` }
    : { text: `Thank you for your payment of ${input.amount} (${plan}) for "${title}".`, html: `Thank you for your payment of <strong>${escapeHtml(input.amount)}</strong> (${escapeHtml(plan)}) for “${escapeHtml(title)}”.` };
  const text = `${GREETING}\n\n${thanks.text} Your listing is live until ${input.liveUntil}.\n\nSee your listing: ${input.listingUrl}\nYour receipt: ${input.receiptUrl}\n\nThe FarmSpace team`;
  const html = layout(
    subject,
    [
      GREETING,
      thanks.html,
      `Your listing is live until <strong>${escapeHtml(input.liveUntil)}</strong>.`,
      `Your receipt: <a href="${escapeHtml(input.receiptUrl)}">${escapeHtml(input.receiptUrl)}</a>`,
    ],
    { label: 'See your listing', url: input.listingUrl },
  );
  return { subject, text, html };
}

export type AlertListing = { title: string; city: string; url: string; fit?: string };

/**
 * A saved-search alert: one new listing, or the day's digest when several matched. The footer carries
 * the one-click unsubscribe link (the List-Unsubscribe header carries the same address).
 */
export function savedSearchAlertEmail(input: { searchName: string; listings: AlertListing[]; searchUrl: string; unsubscribeUrl: string }): EmailContent {
  const n = input.listings.length;
  const subject = n === 1 ? cutText(`New space for “${input.searchName}”: ${input.listings[0]!.title}`, 250, { ellipsis: '' }) : cutText(`${n} new spaces for “${input.searchName}”`, 250, { ellipsis: '' });
  const lines = input.listings.map((l) => `- ${l.title} (${l.city})${l.fit ? ` — ${l.fit}` : ''}\n  ${l.url}`);
  const text = `${GREETING}\n\n${n === 1 ? 'A new space matches your saved search' : `${n} new spaces match your saved search`} “${input.searchName}”:\n\n${lines.join('\n')}\n\nSee all results: ${input.searchUrl}\n\nStop these alerts with one click: ${input.unsubscribeUrl}\n\nThe FarmSpace team`;
  const items = input.listings
    .map((l) => `<a href="${escapeHtml(l.url)}" style="color:#175132;font-weight:600">${escapeHtml(l.title)}</a> (${escapeHtml(l.city)})${l.fit ? ` — ${escapeHtml(l.fit)}` : ''}`)
    .join('<br>');
  const html = layout(subject, [
    GREETING,
    `${n === 1 ? 'A new space matches your saved search' : `${n} new spaces match your saved search`} “${escapeHtml(input.searchName)}”:`,
    items,
    `<a href="${escapeHtml(input.searchUrl)}" style="color:#175132">See all results</a>`,
    `<span style="font-size:13px;color:#4d5b53">You get this alert because you saved this search on FarmSpace. <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#4d5b53">Unsubscribe from this alert</a> with one click.</span>`,
  ]);
  return { subject, text, html };
}

/**
 * An operator's decision the person must hear about (issue 19): what happened, the operator's reason
 * (quoted, escaped: an operator's words, not markup) and how to appeal (reply to this e-mail).
 */
export function moderationEmail(input: { subject: string; what: string; reason?: string; next: string; action?: { label: string; url: string } }): EmailContent {
  const reasonLine = input.reason ? `Reason given by our team: "${input.reason}"` : '';
  const text = [GREETING, input.what, reasonLine, input.next, input.action ? input.action.url : '', 'The FarmSpace team'].filter(Boolean).join('\n\n');
  const html = layout(input.subject, [GREETING, escapeHtml(input.what), ...(input.reason ? [`Reason given by our team: “${escapeHtml(input.reason)}”`] : []), escapeHtml(input.next)], input.action);
  return { subject: input.subject, text, html };
}

/** How to appeal any operator decision: one sentence, the same everywhere. */
export const APPEAL_SENTENCE = 'If you think this is a mistake, reply to this e-mail within 30 days and a person on our team will look at it again.';

/** Both parties, once lease terms are accepted (issue 20): the terms and the links to the draft. */
export function leaseAgreementEmail(input: { otherName: string; spaceTitle: string; headline: string; reference: string; pdfUrl: string; txtUrl: string; url: string }): EmailContent {
  const subject = cutText(`Lease terms agreed: ${input.spaceTitle}`, 255, { ellipsis: '' });
  const intro = `You and ${input.otherName} agreed lease terms for "${input.spaceTitle}": ${input.headline}.`;
  const draft = `Your agreement draft (reference ${input.reference}) is ready. It is a draft, not legal advice: FarmSpace only connects the parties, so complete it, have it reviewed and sign it elsewhere.`;
  const text = `${GREETING}\n\n${intro}\n\n${draft}\n\nPDF: ${input.pdfUrl}\nText: ${input.txtUrl}\n\nSee the conversation: ${input.url}\n\nThe FarmSpace team`;
  const html = layout(
    subject,
    [
      GREETING,
      escapeHtml(intro),
      escapeHtml(draft),
      `<a href="${escapeHtml(input.pdfUrl)}">Download the PDF</a> · <a href="${escapeHtml(input.txtUrl)}">Download the text</a>`,
    ],
    { label: 'See the conversation', url: input.url },
  );
  return { subject, text, html };
}

/** Each party, when the lease starts (issue 28; issue 43 item 3): they may now review the other, until the window closes. */
export function reviewInviteEmail(input: { otherName: string; spaceTitle: string; until: string; blindDays: number; url: string }): EmailContent {
  const subject = cutText(`You can now review ${input.otherName}`, 255, { ellipsis: '' });
  const intro = `Your lease of "${input.spaceTitle}" has started. Once you have seen how it goes, you can review ${input.otherName} until ${input.until}.`;
  const blind = `Reviews are double-blind: neither of you can read the other's review until both have written, or ${input.blindDays} days after the first one, whichever comes first.`;
  const text = `${GREETING}\n\n${intro}\n\n${blind}\n\nWrite your review in the conversation:\n\n${input.url}\n\nThe FarmSpace team`;
  const html = layout(subject, [GREETING, escapeHtml(intro), escapeHtml(blind)], { label: 'Write a review', url: input.url });
  return { subject, text, html };
}

/**
 * To a party of an agreement when its reviews are published (issue 28): their own review is public now,
 * and the other's review of them is, if there is one. One e-mail per person and publication.
 */
export function reviewPublishedEmail(input: { otherName: string; spaceTitle: string; wroteOne: boolean; reviewedByOther: boolean; url: string }): EmailContent {
  const subject = cutText(input.wroteOne ? 'Your review is published' : `${input.otherName} reviewed you`, 255, { ellipsis: '' });
  const lines = [
    input.wroteOne ? `Your review of ${input.otherName} (lease of "${input.spaceTitle}") is now public on FarmSpace.` : `${input.otherName} reviewed you for the lease of "${input.spaceTitle}": the review is now public on FarmSpace.`,
    input.wroteOne && input.reviewedByOther ? `${input.otherName}'s review of you is published too.` : '',
    input.reviewedByOther ? 'You may post one public reply to the review of you.' : '',
  ].filter(Boolean);
  const text = `${GREETING}\n\n${lines.join('\n\n')}\n\nRead the reviews:\n\n${input.url}\n\nThe FarmSpace team`;
  const html = layout(subject, [GREETING, ...lines.map(escapeHtml)], { label: 'Read the reviews', url: input.url });
  return { subject, text, html };
}
