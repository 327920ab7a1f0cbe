/**
 * A people property as the page shows it (spec 2 §3 "people … with avatars"): each person's
 * avatar and name; a person the snapshot names by id alone (an edit not yet confirmed) takes
 * the name and avatar of the workspace's cached users.
 */
import type { PersonShape } from '../../data/notion/codecs/shapes.ts';
import { withKnownNames } from '../../domain/notion/people.ts';
import { nameInitials } from '../../domain/profile/avatarRules.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { useWorkspaceUsers } from './useWorkspaceUsers.ts';

const AVATAR_PX = 20;

export function PeopleValue({
  people,
  authId,
  workspaceId,
}: {
  people: PersonShape[];
  authId: string;
  workspaceId: string;
}) {
  const { users } = useWorkspaceUsers(authId, workspaceId, { refresh: false });
  return (
    <ul className="people-list">
      {withKnownNames(people, users).map((person) => (
        <li key={person.id}>
          <Avatar src={person.avatarUrl} initials={nameInitials(person.name) || '?'} sizePx={AVATAR_PX} alt="" />
          <span>{person.name || 'Unknown user'}</span>
        </li>
      ))}
    </ul>
  );
}
