/**
 * A people property's list against the workspace's users (spec 2 §3 "people list of {id, name,
 * avatarUrl, type}"): a person named by id alone (a queued edit keeps only ids) takes the name
 * and avatar the workspace gives it; the add list offers the workspace's people — not its bots,
 * which Notion's people picker does not offer either — not already on the property, in the
 * workspace's order.
 */
export interface Person {
  id: string;
  name: string;
  avatarUrl: string | null;
  type: string | null;
}

export function withKnownNames<P extends Person>(people: readonly P[], users: readonly Person[] | undefined): P[] {
  const byId = new Map((users ?? []).map((user) => [user.id, user]));
  return people.map((person) => {
    const user = byId.get(person.id);
    if (!user || person.name) return person;
    return {
      ...person,
      name: user.name,
      avatarUrl: person.avatarUrl ?? user.avatarUrl,
      type: person.type ?? user.type,
    };
  });
}

export function addablePeople<P extends Person>(users: readonly P[], chosen: readonly Person[]): P[] {
  const taken = new Set(chosen.map((person) => person.id));
  return users.filter((user) => user.type !== 'bot' && !taken.has(user.id));
}
