/**
 * The identity form of an email: trimmed, Unicode NFC, lower case. Emails are compared
 * case-insensitively everywhere (login, uniqueness), and stored in this form. Lower-casing
 * the local part is a product decision: no two staff members differ only by case.
 */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}
