/**
 * Every field of a user search row (spec 2 §3 "User search row"), in a dialog, with the
 * "Debug mode" switch that grants the user debug mode (issue 20).
 */
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { avatarUrlOf, type UserSearchRow } from './actions.ts';
import { DebugGrantSwitch } from './DebugGrantSwitch.tsx';

const FIELDS: [keyof UserSearchRow, string][] = [
  ['user_id', 'User ID'],
  ['email', 'Email'],
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['company', 'Company'],
  ['avatar_url', 'Avatar'],
  ['user_role', 'Role'],
  ['profile_state', 'Profile state'],
  ['team_name', 'Team'],
  ['plan_name', 'Plan'],
  ['billing_cycle', 'Billing cycle'],
  ['subscription_status', 'Subscription status'],
  ['api_calls_used', 'LinkedIn imports used'],
  ['api_quota', 'LinkedIn import quota'],
  ['notion_pages_used', 'Notion pages used'],
  ['notion_pages_quota', 'Notion pages quota'],
];

const NONE = '—';

export function UserDetailsDialog({ user, onClose }: { user: UserSearchRow; onClose: () => void }) {
  const avatar = avatarUrlOf(user);
  return (
    <Dialog title="User details" onClose={onClose} dismissable>
      {avatar && <img src={avatar} alt={`Avatar of ${user.email ?? 'the user'}`} width={64} height={64} />}
      <dl className="user-details" data-testid="user-details">
        {FIELDS.map(([field, label]) => (
          <div key={field} className="detail-row">
            <dt>{label}</dt>
            <dd data-field={field}>{user[field] === null ? NONE : String(user[field])}</dd>
          </div>
        ))}
      </dl>
      {user.user_id && <DebugGrantSwitch userId={user.user_id} initial={user.debug_mode_allowed === true} />}
      <DialogActions>
        <Button variant="primary" autoFocus onPress={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
