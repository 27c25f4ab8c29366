/**
 * Client-side form checks with the contract's own zod schemas, so the browser and the server apply
 * the same rules and speak the same (translatable) messages. Returns the first problem per field.
 */
import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

export function validate(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** After a refused submit, put the keyboard on the first field that needs attention. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
