import {
  createAccessKeyQueries,
  createInitializationQueries,
  createUserQueries,
  type AccessKeyQueries,
  type InitializationQueries,
  type UserQueries,
} from '@bari/projections';
import type { ApiDependencies } from '../../dependencies.ts';
import { createLoginThrottle, type LoginThrottle } from '../../http/auth/login-throttle.ts';
import { createSetupToken, type SetupToken } from '../../http/auth/setup-token.ts';
import { createSessionStore, type SessionStore } from '../../http/session/session-store.ts';
import {
  defaultAccounts,
  readInitializationConfig,
  type DefaultAccount,
} from '../initialization/default-accounts.ts';

/** Everything the identity handlers use besides the request: built once, at start-up. */
export interface IdentityServices {
  readonly deps: ApiDependencies;
  readonly users: UserQueries;
  readonly accessKeys: AccessKeyQueries;
  readonly initialization: InitializationQueries;
  /** To end sessions on the server (rejection, deletion, key deactivation). */
  readonly sessions: SessionStore;
  readonly throttle: LoginThrottle;
  readonly setupToken: SetupToken;
  /** The two accounts (forced) initialization creates. */
  readonly defaultAccounts: readonly DefaultAccount[];
}

/**
 * Builds the identity services and prints the one-time setup token to the server log, which
 * is how whoever runs the server can reach 'Inicialização Forçada' without an administrator.
 */
export function createIdentityServices(deps: ApiDependencies): IdentityServices {
  const setupToken = createSetupToken(deps.now);
  deps.logger.warn(
    `Token de configuração (uso único, válido por 30 minutos) para /api/force-initialize sem administrador e /api/initialize de outro computador: ${setupToken.value}`,
  );
  return {
    deps,
    users: createUserQueries(deps.pool),
    accessKeys: createAccessKeyQueries(deps.pool),
    initialization: createInitializationQueries(deps.pool),
    sessions: createSessionStore(deps.pool, deps.now, deps.sessionCache),
    throttle: createLoginThrottle(deps.pool.configuration.connectionUri, deps.logger),
    setupToken,
    defaultAccounts: defaultAccounts(
      readInitializationConfig({
        BARI_ADMIN_EMAIL: deps.config.BARI_ADMIN_EMAIL,
        BARI_DEVELOPER_EMAIL: deps.config.BARI_DEVELOPER_EMAIL,
      }),
    ),
  };
}
