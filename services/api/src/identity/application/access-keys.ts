import { randomUUID } from 'node:crypto';
import {
  AccessKeyEventSchema,
  UserEventSchema,
  type AccessKeyListItem,
  type CreateAccessKeyRequest,
  type CreatedAccessKey,
} from '@bari/contracts';
import { handleCommand, loadAggregate } from '../../shared/command-handler.ts';
import { generateAccessKey } from '../access-key-secret.ts';
import { accessKeyDecider } from '../access-key.ts';
import { AccessKeyNotFound } from '../errors.ts';
import { accessKeyStreamId, userStreamId } from '../streams.ts';
import { userDecider } from '../user.ts';
import type { IdentityServices } from './identity-services.ts';
import type { Actor } from './users.ts';

async function keyRow(services: IdentityServices, keyId: string): Promise<AccessKeyListItem> {
  const key = await services.accessKeys.findById(keyId);
  if (!key) throw new AccessKeyNotFound(keyId);
  return key;
}

/**
 * 'Nova Chave': a new random key, bound to `userId` when given (else an invitation). The full
 * key is in this answer and nowhere else: events and read models keep its hash and prefix.
 */
export async function issueAccessKey(
  services: IdentityServices,
  request: CreateAccessKeyRequest,
  actor: Actor,
): Promise<CreatedAccessKey> {
  const keyId = randomUUID();
  const accessKey = generateAccessKey();
  const bindTo = request.userId
    ? {
        userId: request.userId,
        user: (
          await loadAggregate(
            services.deps.eventStore,
            { id: userStreamId(request.userId), eventSchema: UserEventSchema },
            userDecider,
          )
        ).state,
      }
    : null;
  await handleCommand(
    services.deps,
    { id: accessKeyStreamId(keyId), eventSchema: AccessKeyEventSchema },
    accessKeyDecider,
    {
      type: 'IssueAccessKey',
      data: {
        keyId,
        accessKey,
        description: request.description,
        expiresAt: request.expiresAt ? new Date(request.expiresAt).toISOString() : null,
        now: actor.now.toISOString(),
        bindTo,
      },
    },
    actor.metadata,
  );
  return { ...(await keyRow(services, keyId)), key: accessKey };
}

/** 'Desativar': one way. Every session opened with the key ends. */
export async function deactivateAccessKey(
  services: IdentityServices,
  keyId: string,
  actor: Actor,
): Promise<AccessKeyListItem> {
  await handleCommand(
    services.deps,
    { id: accessKeyStreamId(keyId), eventSchema: AccessKeyEventSchema },
    accessKeyDecider,
    { type: 'DeactivateAccessKey', data: { keyId, reason: 'administrator' } },
    actor.metadata,
  );
  await services.sessions.endSessionsOfAccessKey(keyId);
  return keyRow(services, keyId);
}
