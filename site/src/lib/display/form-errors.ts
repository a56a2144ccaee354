// Field errors of a contract schema, first message per field: what the islands show under each field.
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    errors[key] ??= issue.message;
  }
  return errors;
}
