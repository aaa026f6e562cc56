import { UserDeleted, UserRegistered, UserStatusChanged } from '@bari/contracts';
import type { Projection } from '../runner/projection.ts';
import { sql } from '../sql.ts';

/**
 * The users read model (`users`): who can sign in, with which status and role. Registered
 * users are inserted, status changes update them, deleted users are removed. `created_at`
 * and `updated_at` are the instants the commands were decided (event metadata), so a
 * rebuild reproduces them exactly.
 */
export const usersProjection: Projection = {
  name: 'users',
  eventTypes: [UserRegistered.type, UserStatusChanged.type, UserDeleted.type],
  tables: ['users'],
  async handle(event, { tx, tables }) {
    const at = event.metadata.timestamp;
    switch (event.type) {
      case UserRegistered.type: {
        const user = UserRegistered.data.parse(event.data);
        await tx.query(sql.typeAlias('void')`
          insert into ${tables('users')}
            (id, email, first_name, last_name, status, is_admin, created_at, updated_at)
          values (${user.userId}, ${user.email}, ${user.firstName}, ${user.lastName}, ${user.status},
            ${user.isAdmin}, ${at}, ${at})
        `);
        return;
      }
      case UserStatusChanged.type: {
        const change = UserStatusChanged.data.parse(event.data);
        await tx.query(sql.typeAlias('void')`
          update ${tables('users')} set status = ${change.to}, updated_at = ${at}
          where id = ${change.userId}
        `);
        return;
      }
      case UserDeleted.type: {
        const { userId } = UserDeleted.data.parse(event.data);
        await tx.query(sql.typeAlias('void')`delete from ${tables('users')} where id = ${userId}`);
        return;
      }
    }
  },
};
