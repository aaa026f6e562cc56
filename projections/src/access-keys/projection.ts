import { AccessKeyBound, AccessKeyDeactivated, AccessKeyIssued, UserLoggedIn } from '@bari/contracts';
import { rowProjection } from '../shared/row-projection.ts';
import type { ColumnMap, RowOf } from '../shared/columns.ts';

const ACCESS_KEY_COLUMNS = {
  id: { column: 'id', type: 'uuid' },
  keyHash: { column: 'key_hash', type: 'text' },
  keyPrefix: { column: 'key_prefix', type: 'text' },
  description: { column: 'description', type: 'text' },
  createdAt: { column: 'created_at', type: 'timestamptz' },
  expiresAt: { column: 'expires_at', type: 'timestamptz' },
  isActive: { column: 'is_active', type: 'boolean' },
  usageCount: { column: 'usage_count', type: 'integer' },
  boundUserId: { column: 'bound_user_id', type: 'uuid' },
  lastUsedAt: { column: 'last_used_at', type: 'timestamptz' },
} as const satisfies ColumnMap;
type AccessKeyRow = RowOf<typeof ACCESS_KEY_COLUMNS> & { readonly usageCount: number };

/**
 * The access-keys read model (`access_keys`): issued keys by hash and prefix, whom they are
 * bound to, whether they are active, and their use ('Uso: N vezes' counts `UserLoggedIn`).
 * Times are the instants the commands were decided (event metadata).
 */
export const accessKeysProjection = rowProjection<typeof ACCESS_KEY_COLUMNS, AccessKeyRow>({
  name: 'access-keys',
  eventTypes: [AccessKeyIssued.type, AccessKeyBound.type, AccessKeyDeactivated.type, UserLoggedIn.type],
  table: 'access_keys',
  columns: ACCESS_KEY_COLUMNS,
  key: 'id',
  rowKey: (event) => (event.data as { keyId: string }).keyId,
  evolve(row, event) {
    const at = event.metadata.timestamp;
    switch (event.type) {
      case AccessKeyIssued.type: {
        const key = AccessKeyIssued.data.parse(event.data);
        return {
          id: key.keyId,
          keyHash: key.keyHash,
          keyPrefix: key.keyPrefix,
          description: key.description,
          createdAt: at,
          expiresAt: key.expiresAt,
          isActive: true,
          usageCount: 0,
          boundUserId: key.boundUserId,
          lastUsedAt: null,
        };
      }
      case AccessKeyBound.type:
        return row ? { ...row, boundUserId: AccessKeyBound.data.parse(event.data).userId } : null;
      case AccessKeyDeactivated.type:
        return row ? { ...row, isActive: false } : null;
      case UserLoggedIn.type:
        return row ? { ...row, usageCount: row.usageCount + 1, lastUsedAt: at } : null;
      default:
        return row ?? null;
    }
  },
});
