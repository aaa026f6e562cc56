import { UserDeleted, UserRegistered, UserStatusChanged } from '@bari/contracts';
import { rowProjection } from '../shared/row-projection.ts';
import type { ColumnMap, RowOf } from '../shared/columns.ts';

const USER_COLUMNS = {
  id: { column: 'id', type: 'uuid' },
  email: { column: 'email', type: 'text' },
  firstName: { column: 'first_name', type: 'text' },
  lastName: { column: 'last_name', type: 'text' },
  status: { column: 'status', type: 'text' },
  isAdmin: { column: 'is_admin', type: 'boolean' },
  createdAt: { column: 'created_at', type: 'timestamptz' },
  updatedAt: { column: 'updated_at', type: 'timestamptz' },
} as const satisfies ColumnMap;
type UserRow = RowOf<typeof USER_COLUMNS>;

/**
 * The users read model (`users`): who can sign in, with which status and role. Registered
 * users are inserted, status changes update them, deleted users are removed. `created_at`
 * and `updated_at` are the instants the commands were decided (event metadata), so a
 * rebuild reproduces them exactly.
 */
export const usersProjection = rowProjection<typeof USER_COLUMNS, UserRow>({
  name: 'users',
  eventTypes: [UserRegistered.type, UserStatusChanged.type, UserDeleted.type],
  table: 'users',
  columns: USER_COLUMNS,
  key: 'id',
  rowKey: (event) => (event.data as { userId: string }).userId,
  evolve(row, event) {
    const at = event.metadata.timestamp;
    switch (event.type) {
      case UserRegistered.type: {
        const user = UserRegistered.data.parse(event.data);
        return {
          id: user.userId,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          status: user.status,
          isAdmin: user.isAdmin,
          createdAt: at,
          updatedAt: at,
        };
      }
      case UserStatusChanged.type: {
        const change = UserStatusChanged.data.parse(event.data);
        return row ? { ...row, status: change.to, updatedAt: at } : null;
      }
      case UserDeleted.type:
        return null;
      default:
        return row ?? null;
    }
  },
});
