import type { EventMetadata, ForceInitializationResult, InitializationResult } from '@bari/contracts';
import { WrongExpectedVersion } from '@bari/event-store';
import { generateAccessKey } from '../access-key-secret.ts';
import { AlreadyInitialized } from '../errors.ts';
import { executePlan } from '../execute-plan.ts';
import type { AccountSeed } from '../initialization/account-seeds.ts';
import { planForceInitialization } from '../initialization/plan-force-initialization.ts';
import { planInitialization } from '../initialization/plan-initialization.ts';
import { StreamReads } from '../../shared/stream-reads.ts';
import { systemInitializationStreamId } from '../streams.ts';
import type { IdentityServices } from './identity-services.ts';
import { readAccessKey, readEmailHolder, readSystem } from './read-streams.ts';
import { appointAdministrators } from './users.ts';
import { newId } from '../../shared/new-id.ts';

/** Fresh ids and a fresh random key for each default account. */
function seedAccounts(services: IdentityServices): AccountSeed[] {
  return services.defaultAccounts.map((account) => ({
    account,
    userId: newId(),
    keyId: newId(),
    accessKey: generateAccessKey(),
  }));
}

/** `POST /api/initialize`: once, while no user exists. The keys are in the answer, only there. */
export async function initializeSystem(
  services: IdentityServices,
  metadata: EventMetadata,
  now: Date,
): Promise<InitializationResult> {
  const reads = new StreamReads(services.deps.eventStore);
  const system = await readSystem(reads);
  const usersCount = await services.users.count();
  const plan = planInitialization({
    system,
    usersCount,
    seeds: seedAccounts(services),
    now: now.toISOString(),
  });
  try {
    await executePlan(services.deps, reads, plan.appends, metadata);
  } catch (error) {
    // Another initialization got past the `no_stream` lock first.
    if (error instanceof WrongExpectedVersion && error.streamId === systemInitializationStreamId) {
      throw new AlreadyInitialized();
    }
    throw error;
  }
  await appointAdministrators(services, accountIds(plan), metadata);
  return { credentials: [...plan.credentials] };
}

/** `POST /api/force-initialize`: create or verify the default accounts, each with a new key. */
export async function forceInitializeSystem(
  services: IdentityServices,
  metadata: EventMetadata,
  now: Date,
  actingKeyId: string | null = null,
): Promise<ForceInitializationResult> {
  const reads = new StreamReads(services.deps.eventStore);
  const seeds = [];
  for (const seed of seedAccounts(services)) {
    const { emailReservation, holder } = await readEmailHolder(reads, seed.account.email);
    const keyIds =
      holder.kind === 'Registered' ? await services.accessKeys.activeIdsBoundTo(holder.user.id) : [];
    const holderKeys = [];
    for (const keyId of keyIds) holderKeys.push(await readAccessKey(reads, keyId));
    seeds.push({ ...seed, emailReservation, holder, holderKeys });
  }
  const plan = planForceInitialization({ seeds, now: now.toISOString(), actingKeyId });
  await executePlan(services.deps, reads, plan.appends, metadata);
  await appointAdministrators(services, accountIds(plan), metadata);
  return { results: [...plan.results], credentials: [...plan.credentials] };
}

/** The default accounts, for the administrators roster (it lists those that are approved administrators). */
const accountIds = (plan: { readonly accounts: readonly { readonly userId: string }[] }) =>
  plan.accounts.map((account) => account.userId);
