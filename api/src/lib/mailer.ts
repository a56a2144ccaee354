// The mailer seam: SMTP through nodemailer when SMTP_URL is set, otherwise a development mailbox kept in
// memory and shown at /dev/mail (never in production). The outbox job is the only caller.
import nodemailer from 'nodemailer';

/** headers: extra message headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on alerts. */
export type OutgoingEmail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };
export type DeliveredEmail = OutgoingEmail & { createdAt: string };

export type Mailer = {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(email: OutgoingEmail): Promise<void>;
  /** Only the development mailbox can list what it received. */
  list?(): DeliveredEmail[];
  close?(): void;
};

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send({ headers, ...email }) {
      // Reply-To as nodemailer's own field (it encodes the address); the other headers as they are.
      const { 'Reply-To': replyTo, ...rest } = headers ?? {};
      await transport.sendMail({ from, ...email, ...(replyTo && { replyTo }), ...(Object.keys(rest).length && { headers: rest }) });
    },
    close: () => transport.close(),
  };
}

const DEV_MAILBOX_LIMIT = 500;

export function createDevMailbox(): Mailer {
  const received: DeliveredEmail[] = [];
  return {
    kind: 'dev-mailbox',
    async send(email) {
      // A domain under .invalid never exists (RFC 2606): refused for good, as a real server answers an
      // unknown domain (550), so a failed e-mail can be made on purpose (the jobs view's end-to-end test).
      if (/\.invalid$/i.test(email.to.trim())) throw Object.assign(new Error(`550 5.1.2 <${email.to}>: no such domain (.invalid never exists)`), { responseCode: 550 });
      received.unshift({ ...email, createdAt: new Date().toISOString() });
      received.length = Math.min(received.length, DEV_MAILBOX_LIMIT);
    },
    list: () => [...received],
  };
}
