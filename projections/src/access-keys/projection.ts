import { AccessKeyBound, AccessKeyDeactivated, AccessKeyIssued, UserLoggedIn } from '@bari/contracts';
import type { Projection } from '../runner/projection.ts';
import { sql } from '../sql.ts';

/**
 * The access-keys read model (`access_keys`): issued keys by hash and prefix, whom they are
 * bound to, whether they are active, and their use ('Uso: N vezes' counts `UserLoggedIn`).
 * Times are the instants the commands were decided (event metadata).
 */
export const accessKeysProjection: Projection = {
  name: 'access-keys',
  eventTypes: [AccessKeyIssued.type, AccessKeyBound.type, AccessKeyDeactivated.type, UserLoggedIn.type],
  tables: ['access_keys'],
  async handle(event, { tx, tables }) {
    const at = event.metadata.timestamp;
    switch (event.type) {
      case AccessKeyIssued.type: {
        const key = AccessKeyIssued.data.parse(event.data);
        await tx.query(sql.typeAlias('void')`
          insert into ${tables('access_keys')}
            (id, key_hash, key_prefix, description, created_at, expires_at, is_active, usage_count,
             bound_user_id)
          values (${key.keyId}, ${key.keyHash}, ${key.keyPrefix}, ${key.description}, ${at},
            ${key.expiresAt}, true, 0, ${key.boundUserId})
        `);
        return;
      }
      case AccessKeyBound.type: {
        const { keyId, userId } = AccessKeyBound.data.parse(event.data);
        await tx.query(sql.typeAlias('void')`
          update ${tables('access_keys')} set bound_user_id = ${userId} where id = ${keyId}
        `);
        return;
      }
      case AccessKeyDeactivated.type: {
        const { keyId } = AccessKeyDeactivated.data.parse(event.data);
        await tx.query(sql.typeAlias('void')`
          update ${tables('access_keys')} set is_active = false where id = ${keyId}
        `);
        return;
      }
      case UserLoggedIn.type: {
        const { keyId } = UserLoggedIn.data.parse(event.data);
        await tx.query(sql.typeAlias('void')`
          update ${tables('access_keys')} set usage_count = usage_count + 1, last_used_at = ${at}
          where id = ${keyId}
        `);
        return;
      }
    }
  },
};
