// The test-mode card form (no Stripe key outside production): the same journey as Stripe's Payment
// Element, confirmed by our server against Stripe's documented test card numbers. No real payment.
import { useState, type FormEvent } from 'react';
import { PAYMENT_MESSAGES } from '#contracts/payments';
import { confirmTestCard } from '../../lib/stores/checkout-store';
import { exceptionOutcome, type ConfirmOutcome } from './payment-outcome';

function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function TestCardForm(props: {
  paymentIntentId: string;
  clientSecret: string;
  totalLabel: string;
  onOutcome(outcome: ConfirmOutcome): Promise<void> | void;
  onCancel(): void;
}) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const outcome = await confirmTestCard({ paymentIntentId: props.paymentIntentId, clientSecret: props.clientSecret, cardNumber, expiry, cvc }).catch(() => exceptionOutcome);
      await props.onOutcome(outcome);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label="Card details" noValidate>
      <div className="rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 p-4">
        <p className="flex items-center gap-2 text-sm font-semibold text-amber-950">
          <span aria-hidden="true">⚠</span> {PAYMENT_MESSAGES.testMode}
        </p>
        <p className="mt-1 text-xs text-amber-950">
          Use 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined) or 4000 0000 0000 9995 (insufficient funds), any future date and any CVC.
        </p>
        <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_7rem_5rem]">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="tc-number" className="text-sm font-medium text-ink">
              Card number
            </label>
            <input id="tc-number" className="input font-mono" inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" value={cardNumber} onChange={(e) => setCardNumber(formatCardNumber(e.target.value))} />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="tc-expiry" className="text-sm font-medium text-ink">
              Expiry
            </label>
            <input id="tc-expiry" className="input font-mono" inputMode="numeric" autoComplete="cc-exp" placeholder="MM / YY" value={expiry} onChange={(e) => setExpiry(formatExpiry(e.target.value))} />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="tc-cvc" className="text-sm font-medium text-ink">
              CVC
            </label>
            <input id="tc-cvc" className="input font-mono" inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} value={cvc} onChange={(e) => setCvc(e.target.value.replace(/\D/g, ''))} />
          </div>
        </div>
      </div>
      <CheckoutButtons busy={busy} totalLabel={props.totalLabel} onCancel={props.onCancel} />
    </form>
  );
}

export function CheckoutButtons(props: { busy: boolean; totalLabel: string; onCancel(): void; disabled?: boolean }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button type="button" className="btn-outline" onClick={props.onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn-primary px-6" disabled={props.busy || props.disabled}>
        {props.busy ? (
          <>
            <span className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent" aria-hidden="true" /> Processing…
          </>
        ) : (
          `Complete Payment · ${props.totalLabel}`
        )}
      </button>
    </div>
  );
}
