import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AccessKeyEventSchema,
  AccessKeyIssued,
  EmailReservationEventSchema,
  IdentityEventSchema,
  identityEvents,
  LoginFailed,
  UserEventSchema,
  UserRegistered,
  type AccessKeyEvent,
  type EmailReservationEvent,
  type IdentityEvent,
  type UserEvent,
} from './events.ts';

const KEY_ID = '00000000-0000-4000-8000-0000000000a1';
const HASH = 'a'.repeat(64);

describe('identity events', () => {
  it('are all past tense and parse through one schema', () => {
    expect(identityEvents.map((event) => event.type)).toEqual([
      'UserRegistered',
      'UserStatusChanged',
      'UserDeleted',
      'UserLoggedOut',
      'EmailReserved',
      'EmailReleased',
      'AccessKeyIssued',
      'AccessKeyBound',
      'AccessKeyDeactivated',
      'UserLoggedIn',
      'LoginFailed',
      'SystemInitialized',
      'AdministratorAppointed',
      'AdministratorRemoved',
      'AdministratorKeyWithdrawn',
    ]);
    const issued = AccessKeyIssued.create({
      keyId: KEY_ID,
      keyHash: HASH,
      keyPrefix: 'Abcdefgh',
      description: 'Enfermagem',
      expiresAt: null,
      boundUserId: null,
    });
    expect(IdentityEventSchema.parse(issued)).toEqual(issued);
  });

  it('drop any field they do not declare, so a key handed in by mistake is never stored', () => {
    const issued = AccessKeyIssued.create({
      keyId: KEY_ID,
      keyHash: HASH,
      keyPrefix: 'Abcdefgh',
      description: 'Enfermagem',
      expiresAt: null,
      boundUserId: null,
      key: 'Abcdefgh-the-full-secret',
    } as Parameters<typeof AccessKeyIssued.create>[0]);
    expect(JSON.stringify(issued)).not.toContain('the-full-secret');
  });

  it('hold a key only as a 64-hex-digit hash and an 8-character prefix', () => {
    const base = { keyId: KEY_ID, description: 'x', expiresAt: null, boundUserId: null };
    expect(
      AccessKeyIssued.data.safeParse({ ...base, keyHash: 'plain-key', keyPrefix: 'Abcdefgh' }).success,
    ).toBe(false);
    expect(AccessKeyIssued.data.safeParse({ ...base, keyHash: HASH, keyPrefix: 'Abcdefghij' }).success).toBe(
      false,
    );
  });

  it('record a refused login without anything typed as the key', () => {
    expect(Object.keys(LoginFailed.data.shape)).toEqual(['email', 'reason', 'keyId']);
  });

  it('register users from an invitation as pending and without names', () => {
    const requested = {
      source: 'access_key_invitation',
      userId: '00000000-0000-4000-8000-000000000003',
      email: 'novo@sus.gov.br',
      firstName: null,
      lastName: null,
      isAdmin: false,
      status: 'pending',
      accessKeyId: KEY_ID,
    };
    expect(UserRegistered.data.safeParse(requested).success).toBe(true);
    expect(UserRegistered.data.safeParse({ ...requested, status: 'approved' }).success).toBe(false);
    expect(UserRegistered.data.safeParse({ ...requested, isAdmin: true }).success).toBe(false);
  });
});

describe('per-stream event schemas', () => {
  it('accept only the events of their stream', () => {
    const issued = AccessKeyIssued.create({
      keyId: KEY_ID,
      keyHash: HASH,
      keyPrefix: 'Abcdefgh',
      description: 'x',
      expiresAt: null,
      boundUserId: null,
    });
    expect(AccessKeyEventSchema.safeParse(issued).success).toBe(true);
    expect(UserEventSchema.safeParse(issued).success).toBe(false);
    expect(EmailReservationEventSchema.safeParse(issued).success).toBe(false);
  });
});

// The per-stream schemas parse to exactly the event unions the deciders fold.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _userEvents: Exact<z.output<typeof UserEventSchema>, UserEvent> = true;
const _keyEvents: Exact<z.output<typeof AccessKeyEventSchema>, AccessKeyEvent> = true;
const _reservationEvents: Exact<z.output<typeof EmailReservationEventSchema>, EmailReservationEvent> = true;
const _identityEvents: Exact<z.output<typeof IdentityEventSchema>, IdentityEvent> = true;
