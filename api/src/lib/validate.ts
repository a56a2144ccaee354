// Parses request input with a contract schema; bad input becomes a 400 AppError that names the field.
import type { z } from 'zod';
import { AppError } from './app-error';

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fieldErrors[key] ??= issue.message;
  }
  const [first] = result.error.issues;
  const field = first?.path.join('.');
  const message = first ? (field ? `${field}: ${first.message}` : first.message) : 'Invalid input.';
  throw AppError.badRequest(message, fieldErrors);
}
