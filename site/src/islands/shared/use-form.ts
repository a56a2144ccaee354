// Form state for the account islands: values, errors from the contract schema (checked on submit, then
// on every change, as spec 4 describes for forms), and server field errors merged in.
import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrorsOf, type FieldErrors } from '../../lib/display/form-errors';

export function useForm<T extends Record<string, unknown>>(schema: z.ZodType, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  function set<K extends keyof T>(key: K, value: T[K]) {
    setValues((current) => {
      const next = { ...current, [key]: value };
      if (submitted) setErrors(fieldErrorsOf(schema, next));
      return next;
    });
  }

  /** Validates; on errors shows them, focuses the first invalid field and answers false. */
  function validate(form?: HTMLFormElement | null): boolean {
    setSubmitted(true);
    const found = fieldErrorsOf(schema, values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      requestAnimationFrame(() => form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
      return false;
    }
    return true;
  }

  function reset(next: T = initial) {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  }

  return { values, set, errors, setErrors, validate, busy, setBusy, reset };
}
