import { z } from 'zod';
import {
  AccessKeyIdSchema,
  AccessKeyPrefixSchema,
  IsoInstantSchema,
  UserIdSchema,
  UserStatusSchema,
} from './values.ts';

/**
 * `GET /api/auth/user`. Names are null for a registration requested through an invitation
 * key (the person typed only an email); the screens show 'Nome não informado'.
 */
export const CurrentUserSchema = z.object({
  id: UserIdSchema,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: UserStatusSchema,
  isAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** One row of `GET /api/users`. */
export const UserListItemSchema = CurrentUserSchema.extend({
  createdAt: IsoInstantSchema,
});
export type UserListItem = z.infer<typeof UserListItemSchema>;

/**
 * One card of `GET /api/access-keys`. Never the key itself: only its first 8 characters.
 * 'Expirada' is computed at read time from `expiresAt`, not stored. `userId`/`userEmail`
 * name the person the key is bound to, null while it is an unused invitation.
 */
export const AccessKeyListItemSchema = z.object({
  id: AccessKeyIdSchema,
  keyPrefix: AccessKeyPrefixSchema,
  description: z.string(),
  createdAt: IsoInstantSchema,
  expiresAt: IsoInstantSchema.nullable(),
  isActive: z.boolean(),
  usageCount: z.number().int().nonnegative(),
  userId: UserIdSchema.nullable(),
  userEmail: z.string().nullable(),
  /**
   * Only on the key the asking session signed in with (`GET /api/access-keys`): the screen
   * offers no 'Desativar' for it, which the server refuses (`CANNOT_DEACTIVATE_OWN_KEY`).
   */
  signedInHere: z.literal(true).optional(),
});
export type AccessKeyListItem = z.infer<typeof AccessKeyListItemSchema>;

/** `POST /api/access-keys` response: the full key, shown this once and never again. */
export const CreatedAccessKeySchema = AccessKeyListItemSchema.extend({
  key: z.string(),
});
export type CreatedAccessKey = z.infer<typeof CreatedAccessKeySchema>;

/** `GET /api/initialization-status`. */
export const InitializationStatusSchema = z.object({
  isInitialized: z.boolean(),
  usersCount: z.number().int().nonnegative(),
  accessKeysCount: z.number().int().nonnegative(),
  /**
   * Before initialization only: the accounts it will create (description and email, never a
   * key: keys are random and shown once, after creation).
   */
  accounts: z.array(z.object({ description: z.string(), email: z.string() })).optional(),
  /**
   * Before initialization only: true when this client is not on the server's own machine, so
   * `POST /api/initialize` needs the setup token from the server log (the screen asks for it).
   */
  setupTokenRequired: z.boolean().optional(),
});
export type InitializationStatus = z.infer<typeof InitializationStatusSchema>;

/** `POST /api/initialize`: the setup token, required only from another computer. */
export const InitializeRequestSchema = z.object({ setupToken: z.string().max(200).optional() }).default({});
export type InitializeRequest = z.infer<typeof InitializeRequestSchema>;

/** A default account's key, shown once after (forced) initialization. */
export const InitializationCredentialSchema = z.object({
  description: z.string(),
  email: z.string(),
  accessKey: z.string(),
});
export type InitializationCredential = z.infer<typeof InitializationCredentialSchema>;

/** `POST /api/initialize`. */
export const InitializationResultSchema = z.object({
  credentials: z.array(InitializationCredentialSchema),
});
export type InitializationResult = z.infer<typeof InitializationResultSchema>;

/** `POST /api/force-initialize`: what was created or verified, line by line, in Portuguese. */
export const ForceInitializationResultSchema = InitializationResultSchema.extend({
  results: z.array(z.string()),
});
export type ForceInitializationResult = z.infer<typeof ForceInitializationResultSchema>;

/** `GET /api/admin/debug-user`. */
export const DebugInfoSchema = z.object({
  canAccessAdminFeatures: z.boolean(),
  environment: z.string(),
});
export type DebugInfo = z.infer<typeof DebugInfoSchema>;
