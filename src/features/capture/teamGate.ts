/**
 * Whether the user's team may use the product (spec 2 §4 "Subscription gate", "Active team",
 * "Sign-in"), the part of Root's decision that reads the team:
 *
 * - the team comes from `activeTeamOrLastKnown`: the cache answers only for a fresh, usable
 *   team, so an inactive one is asked again (a reactivated team unblocks on the next visit);
 * - no team: the idempotent account setup runs once ("if not setup_complete run setup"; a
 *   profile not yet setup_complete waits behind the setup overlay, src/app/SetupGate.tsx, so
 *   this is for a completed profile whose team is gone), then the team is read again before
 *   deciding — a user is never stuck without a team; still none (or the setup failed) blocks;
 * - the team cannot be read and none is known: logged, and the app continues (spec 2 §8
 *   "Error loading team").
 *
 * The I/O is passed in (RPC get_user_active_team, RPC setup_new_user) so the rule is tested
 * on fake-indexeddb without a server.
 */
import { isSubscriptionActive, type TeamSubscription } from '../../domain/capture/subscriptionGate.ts';
import { activeTeamOrLastKnown } from '../../data/db/localCopies.ts';
import type { SidenoteDatabase } from '../../data/db/schema.ts';
import { toAppError } from '../../data/errors/thrown.ts';

export interface TeamGateIo<T> {
  /** The user's active team (else personal team), or null without one. */
  fetchTeam: () => Promise<T | null>;
  /** The idempotent account setup (personal team, membership, active team). */
  runSetup: () => Promise<void>;
  database?: SidenoteDatabase;
}

export async function teamGateOpen<T extends TeamSubscription & { authId: string }>(
  authId: string,
  { fetchTeam, runSetup, database }: TeamGateIo<T>,
): Promise<boolean> {
  const usable = (team: T | null) => isSubscriptionActive(team, Date.now());
  const read = () => activeTeamOrLastKnown(authId, fetchTeam, usable, database);
  try {
    let team = await read();
    if (!team) {
      try {
        await runSetup();
      } catch (error) {
        console.error(`Account setup failed: ${toAppError(error).message}`);
      }
      team = await read();
    }
    return usable(team);
  } catch (error) {
    console.error(`Error loading team: ${toAppError(error).message}`);
    return true;
  }
}
