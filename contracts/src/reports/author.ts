import type { CurrentUser } from '../identity/dtos.ts';

/**
 * Who generated a report, as every report prints it (server PDFs and browser prints): 'Maria
 * Souza (maria@…)', or the email alone for an account without a name.
 */
export function reportAuthor(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name ? `${name} (${user.email})` : user.email;
}
