/**
 * How a deleted account is recognised: its user row stays as an anonymous tombstone (shared cases,
 * messages and payments point at it) whose email is replaced by this unroutable address. Kept apart
 * from the data-rights repository so chat and notifications can ask without loading it.
 */

/** The address a deleted account keeps, unique and unroutable (RFC 2606 `.invalid`), so its email is free again. */
export function deletedEmail(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

/** True for the address of a deleted account: nothing may be mailed there (it would bounce forever). */
export function isDeletedEmail(email: string): boolean {
  return email.endsWith('@deleted.invalid');
}
