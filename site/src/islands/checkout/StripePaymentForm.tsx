// Stripe mode: Stripe.js and the Payment Element, loaded only on /checkout and only when the API says the
// provider is Stripe (this module is imported dynamically). Confirmation stays on the page unless the
// card's bank requires a redirect (3-D Secure): then Stripe returns to /checkout?payment_intent=….
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { exceptionOutcome, providerErrorOutcome, type ConfirmOutcome } from './payment-outcome';
import { CheckoutButtons } from './TestCardForm';

const stripePromises = new Map<string, Promise<Stripe | null>>();

export function StripePaymentForm(props: {
  publishableKey: string;
  clientSecret: string;
  totalLabel: string;
  returnUrl: string;
  onOutcome(outcome: ConfirmOutcome): Promise<void> | void;
  onCancel(): void;
  onLoadError(): void;
}) {
  let stripePromise = stripePromises.get(props.publishableKey);
  if (!stripePromise) {
    stripePromise = loadStripe(props.publishableKey).catch(() => {
      props.onLoadError();
      return null;
    });
    stripePromises.set(props.publishableKey, stripePromise);
  }
  return (
    <Elements stripe={stripePromise} options={{ clientSecret: props.clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#1c663c' } } }}>
      <InnerForm {...props} />
    </Elements>
  );
}

function InnerForm(props: Parameters<typeof StripePaymentForm>[0]) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const result = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: props.returnUrl } });
      if (result.error) await props.onOutcome(providerErrorOutcome(result.error));
      else await props.onOutcome({ kind: 'succeeded' });
    } catch {
      await props.onOutcome(exceptionOutcome);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label="Card details">
      <PaymentElement />
      <CheckoutButtons busy={busy} totalLabel={props.totalLabel} onCancel={props.onCancel} disabled={!stripe || !elements} />
    </form>
  );
}
