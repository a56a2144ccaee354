// Inquiries (spec 2.8): received (farmer name, e-mail, message, date) and sent (space, location, message, date).
import { useStore } from '@nanostores/react';
import { conversationPath, decodeMessageEntities, MESSAGING_TEXTS } from '#contracts/messaging';
import { $receivedInquiries, $sentInquiries } from '../../lib/stores/messaging-store';
import { shortDate } from './format';
import { AgreementSummary } from './AgreementSummary';
import { NoLongerListed } from './NoLongerListed';

const STATUS_LABEL = { pending: 'Awaiting reply', responded: 'Replied', closed: 'Closed · terms agreed' } as const;

export function InquiriesTab() {
  const received = useStore($receivedInquiries);
  const sent = useStore($sentInquiries);
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="received-title">
        <h2 id="received-title" className="text-lg font-semibold text-ink">
          Received
        </h2>
        {!received.data ? (
          <p className="mt-3 text-muted">{received.error ? 'Failed to load inquiries.' : 'Loading…'}</p>
        ) : received.data.length === 0 ? (
          <p className="card mt-3 p-6 text-center text-muted">{MESSAGING_TEXTS.noInquiriesReceived}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-3">
            {received.data.map((inquiry) => (
              <li key={inquiry.id} className="card p-5" data-inquiry-received={inquiry.id}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold text-ink">{inquiry.farmerName}</p>
                  <p className="text-xs text-muted">{shortDate(inquiry.createdAt)}</p>
                </div>
                <p className="text-sm">
                  <a className="text-brand-700 underline-offset-2 hover:underline" href={`mailto:${inquiry.farmerEmail}`}>
                    {inquiry.farmerEmail}
                  </a>
                </p>
                <p className="mt-1 text-xs text-muted">
                  About {inquiry.space.title}
                  <NoLongerListed space={inquiry.space} /> · {STATUS_LABEL[inquiry.status]}
                </p>
                <p className="mt-3 text-sm whitespace-pre-wrap text-ink">{decodeMessageEntities(inquiry.message)}</p>
                {inquiry.agreement && <AgreementSummary agreement={inquiry.agreement} />}
                {inquiry.conversationId && (
                  <a className="btn-outline mt-3 px-3 py-1.5" href={conversationPath(inquiry.conversationId)}>
                    Reply in Messages
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="sent-title">
        <h2 id="sent-title" className="text-lg font-semibold text-ink">
          Sent
        </h2>
        {!sent.data ? (
          <p className="mt-3 text-muted">{sent.error ? 'Failed to load inquiries.' : 'Loading…'}</p>
        ) : sent.data.length === 0 ? (
          <p className="card mt-3 p-6 text-center text-muted">{MESSAGING_TEXTS.noInquiriesSent}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-3">
            {sent.data.map((inquiry) => (
              <li key={inquiry.id} className="card p-5" data-inquiry-sent={inquiry.id}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold text-ink">
                    {inquiry.space.title}
                    <NoLongerListed space={inquiry.space} />
                  </p>
                  <p className="text-xs text-muted">{shortDate(inquiry.createdAt)}</p>
                </div>
                <p className="text-sm text-muted">{inquiry.space.location}</p>
                <p className="mt-1 text-xs text-muted">{STATUS_LABEL[inquiry.status]}</p>
                <p className="mt-3 text-sm whitespace-pre-wrap text-ink">{decodeMessageEntities(inquiry.message)}</p>
                {inquiry.agreement && <AgreementSummary agreement={inquiry.agreement} />}
                {inquiry.conversationId && (
                  <a className="btn-outline mt-3 px-3 py-1.5" href={conversationPath(inquiry.conversationId)}>
                    Open in Messages
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
