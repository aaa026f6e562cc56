import { EmailInputSchema } from '@bari/contracts';
import { normalizeEmail } from '../email.ts';

/* Which accounts initialization creates: read from the environment at start-up. */

/** `.local` is reserved (RFC 6762): these placeholders can never reach a real mailbox. */
export const DEFAULT_ADMIN_EMAIL = 'admin@baricare.local';
export const DEFAULT_DEVELOPER_EMAIL = 'dev@baricare.local';

export interface InitializationConfig {
  readonly adminEmail: string;
  readonly developerEmail: string;
}

/**
 * Reads `BARI_ADMIN_EMAIL` and `BARI_DEVELOPER_EMAIL` (normalised), falling back to the
 * defaults. Throws at start-up on an invalid email or on one email for both accounts.
 */
export function readInitializationConfig(
  env: Readonly<Record<string, string | undefined>>,
): InitializationConfig {
  const email = (name: string, fallback: string) => {
    const value = env[name]?.trim() || fallback;
    if (!EmailInputSchema.safeParse(value).success) throw new Error(`${name} is not a valid email: ${value}`);
    return normalizeEmail(value);
  };
  const config = {
    adminEmail: email('BARI_ADMIN_EMAIL', DEFAULT_ADMIN_EMAIL),
    developerEmail: email('BARI_DEVELOPER_EMAIL', DEFAULT_DEVELOPER_EMAIL),
  };
  if (config.adminEmail === config.developerEmail) {
    throw new Error('BARI_ADMIN_EMAIL and BARI_DEVELOPER_EMAIL must differ');
  }
  return config;
}

export interface DefaultAccount {
  readonly role: 'administrator' | 'developer';
  /** Shown with the credentials and given to the account's key. */
  readonly description: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly isAdmin: boolean;
}

/**
 * The two accounts initialization creates, as the /initialize screen lists them before the
 * button is pressed. Both are approved administrators: the developer account exists to
 * maintain the system (debug, migrations, data fixes are administrator routes), and two
 * administrators mean losing one key never locks the service out.
 */
export function defaultAccounts(config: InitializationConfig): readonly DefaultAccount[] {
  return [
    {
      role: 'administrator',
      description: 'Administrador do sistema',
      email: config.adminEmail,
      firstName: 'Administrador',
      lastName: 'do Sistema',
      isAdmin: true,
    },
    {
      role: 'developer',
      description: 'Desenvolvedor',
      email: config.developerEmail,
      firstName: 'Desenvolvedor',
      lastName: 'do Sistema',
      isAdmin: true,
    },
  ];
}
