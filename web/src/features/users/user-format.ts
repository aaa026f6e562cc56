import { clinicToday, formatClinicalDate, type UserListItem, type UserStatus } from '@bari/contracts';
import { isValid, parseISO } from 'date-fns';
import { usersMessages as m } from './messages.ts';

/** 'Maria Souza', or 'Nome não informado' (a registration requested with an invitation key). */
export function userDisplayName(user: Pick<UserListItem, 'firstName' | 'lastName'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || m.noName;
}

export function userDisplayEmail(user: Pick<UserListItem, 'email'>): string {
  return user.email.trim() || m.noEmail;
}

/** Whom a row's action acts on, for its accessible name: the email, else the name. */
export function userActionSubject(user: Pick<UserListItem, 'email' | 'firstName' | 'lastName'>): string {
  return user.email.trim() || userDisplayName(user);
}

/** §9: user creation dates read dd/MM/yyyy; 'Data não disponível' when absent or unreadable. */
export function userCreatedAt(createdAt: string | null | undefined): string {
  if (!createdAt) return m.noDate;
  const date = parseISO(createdAt);
  // The day in São Paulo, as every other date the app shows.
  return isValid(date) ? formatClinicalDate(clinicToday(date)) : m.noDate;
}

export interface UserCounts {
  total: number;
  approved: number;
  rejected: number;
  pending: number;
}

export function countUsers(users: readonly Pick<UserListItem, 'status'>[]): UserCounts {
  const count = (status: UserStatus) => users.filter((user) => user.status === status).length;
  return {
    total: users.length,
    approved: count('approved'),
    rejected: count('rejected'),
    pending: count('pending'),
  };
}
