/** Strings shown by the app shell itself; verbatim from the spec (§8 keeps this toast in English). */
export const appMessages = {
  unauthorizedTitle: 'Unauthorized',
  unauthorizedDescription: 'You are logged out. Logging in again...',
} as const;
