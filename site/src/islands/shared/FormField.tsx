// Form fields for every island: Field (a label, the control, a hint or an error, a character count) and on
// top of it a labelled input and a password input with a show/hide toggle (aria-invalid, aria-describedby).
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> & {
  label: string;
  name: string;
  value: string;
  error?: string;
  hint?: ReactNode;
  /** The most characters the API takes: the field counts against it (never `maxLength`, which cuts silently). */
  limit?: number;
  onValueChange(value: string): void;
};

const inputClass =
  'w-full rounded-lg border bg-white px-3 py-2 text-base text-ink shadow-sm outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-200';

/**
 * A long field's count against its limit (issue 25, item 10). A browser's `maxLength` cuts a paste at the
 * limit without a word, so long fields have none: they show "1,234 / 5,000", and past the limit say by how
 * much in the danger colour; the form then refuses to send, with the contract's message.
 */
export function LengthCounter({ id, name, length, max }: { id?: string; name?: string; length: number; max: number }) {
  const over = length - max;
  return (
    <p id={id} className={`text-xs tabular-nums ${over > 0 ? 'font-semibold text-[var(--color-danger)]' : 'text-muted'}`} data-length-counter={name} aria-live={over > 0 ? 'polite' : undefined}>
      {length.toLocaleString('en-US')} / {max.toLocaleString('en-US')} characters
      {over > 0 && ` — ${over.toLocaleString('en-US')} too many`}
    </p>
  );
}

/** The frame of one field: its label (with a mark when required), the control, then a hint or an error, and its count when it has a limit. */
export function Field({
  id,
  label,
  required,
  hint,
  error,
  name,
  limit,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  name?: string;
  limit?: { length: number; max: number };
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
        {required && (
          <span className="text-[var(--color-danger)]" aria-hidden="true">
            {' '}*
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-[var(--color-danger)]" data-field-error={name}>
          {error}
        </p>
      )}
      {limit && <LengthCounter id={`${id}-count`} name={name} length={limit.length} max={limit.max} />}
    </div>
  );
}

/** aria-describedby for a control inside Field: its error, else its hint; and its count. */
export function describedBy(id: string, error?: string, hint?: ReactNode, limited?: boolean): string | undefined {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : '', limited ? `${id}-count` : ''].filter(Boolean).join(' ') || undefined;
}

export function FormField({ label, name, value, error, hint, limit, onValueChange, ...input }: FieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error} name={name} limit={limit === undefined ? undefined : { length: value.length, max: limit }}>
      <input
        {...input}
        id={id}
        name={name}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error || (limit !== undefined && value.length > limit) ? true : undefined}
        aria-describedby={describedBy(id, error, hint, limit !== undefined)}
        className={`${inputClass} ${error ? 'border-[var(--color-danger)]' : 'border-line'}`}
      />
    </Field>
  );
}

export function PasswordField(props: Omit<FieldProps, 'type'>) {
  const [shown, setShown] = useState(false);
  const id = useId();
  const { label, name, value, error, hint, onValueChange, ...input } = props;
  return (
    <Field id={id} label={label} hint={hint} error={error} name={name}>
      <div className="relative">
        <input
          {...input}
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={`${inputClass} pr-12 ${error ? 'border-[var(--color-danger)]' : 'border-line'}`}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-muted hover:text-ink"
        >
          {shown ? (
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 4.2A10.4 10.4 0 0 1 12 4c5 0 9 4.5 10 8a13 13 0 0 1-3.2 4.6M6.6 6.6C4.4 8 2.8 10 2 12c1 3.5 5 8 10 8 1.7 0 3.3-.5 4.7-1.3" />
            </svg>
          ) : (
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M2 12c1-3.5 5-8 10-8s9 4.5 10 8c-1 3.5-5 8-10 8S3 15.5 2 12z" />
              <circle cx="12" cy="12" r="3" />
            </svg>
          )}
        </button>
      </div>
    </Field>
  );
}

export function SubmitButton({ busy, children, busyLabel }: { busy: boolean; children: ReactNode; busyLabel: string }) {
  return (
    <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}

type PersonValues = { firstName: string; lastName: string; email: string };

/** First and last name side by side, then the e-mail address: the account's own fields, as registration and
 *  Settings → Profile ask for them. `form` is the caller's useForm. */
export function NameAndEmailFields({ form }: { form: { values: PersonValues; errors: Partial<Record<string, string>>; set: (key: keyof PersonValues, value: string) => void } }) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First name" name="firstName" autoComplete="given-name" value={form.values.firstName} error={form.errors.firstName} onValueChange={(v) => form.set('firstName', v)} />
        <FormField label="Last name" name="lastName" autoComplete="family-name" value={form.values.lastName} error={form.errors.lastName} onValueChange={(v) => form.set('lastName', v)} />
      </div>
      <FormField label="Email" name="email" type="email" autoComplete="email" value={form.values.email} error={form.errors.email} onValueChange={(v) => form.set('email', v)} />
    </>
  );
}
