/**
 * The people editor (spec 2 §3, §4): the people on the property, each with their avatar and a
 * Remove button, and a list of the workspace's other people to add (GET users, cached). Each
 * add or remove saves the whole list at once through `onSave` (the outbox's entries are
 * absolute). Focus stays in the editor: on the add list when it opens and after an add, on the
 * next Remove (else the add list) after a remove; Escape or Done closes it.
 */
import { useEffect, useRef, useState } from 'react';
import type { PersonShape } from '../../data/notion/codecs/shapes.ts';
import { messageFor } from '../../domain/errors/catalogue.ts';
import { propertyTexts } from '../../domain/errors/messages.ts';
import { addablePeople, withKnownNames } from '../../domain/notion/people.ts';
import { nameInitials } from '../../domain/profile/avatarRules.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Select } from '../../ui/Select.tsx';
import type { EditorProps } from './editorProps.ts';
import { useWorkspaceUsers } from './useWorkspaceUsers.ts';

const AVATAR_PX = 24;

export function PeopleEditor({ name, shape, place, onSave, onClose }: EditorProps) {
  const { users, error } = useWorkspaceUsers(place.authId, place.workspaceId, { refresh: true });
  const [chosen, setChosen] = useState<PersonShape[]>(shape.type === 'people' ? shape.value : []);
  // to focus after the next render: the index of a Remove button, or -1 for the add list
  const focusAt = useRef<number | null>(-1);
  const group = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusAt.current === null) return;
    const removes = group.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]') ?? [];
    const at = focusAt.current;
    const target = at >= 0 && removes.length > 0 ? removes[Math.min(at, removes.length - 1)] : null;
    (target ?? group.current?.querySelector<HTMLButtonElement>('.select-trigger'))?.focus();
    focusAt.current = null;
  });

  const save = (next: PersonShape[], focus: number) => {
    focusAt.current = focus;
    setChosen(next);
    onSave({ type: 'people', value: next });
  };
  const shown = withKnownNames(chosen, users);
  const addable = addablePeople(users ?? [], chosen);
  return (
    <div ref={group} role="group" aria-label={name} onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <ul className="people-list">
        {shown.map((person, index) => (
          <li key={person.id}>
            <Avatar src={person.avatarUrl} initials={nameInitials(person.name) || '?'} sizePx={AVATAR_PX} alt="" />
            <span>{person.name || 'Unknown user'}</span>
            <button
              type="button"
              className="ghost"
              data-remove
              aria-label={`Remove ${person.name || 'Unknown user'}`}
              onClick={() =>
                save(
                  chosen.filter((p) => p.id !== person.id),
                  index,
                )
              }
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <p className="row">
        <Select
          label={`Add to ${name}`}
          value="Add a person"
          options={addable.map((user) => ({ id: user.id, label: user.name || 'Unknown user' }))}
          emptyText={users ? propertyTexts.noMoreUsers : propertyTexts.loadingUsers}
          onChoose={(id) => {
            const user = addable.find((candidate) => candidate.id === id);
            if (user) save([...chosen, user], -1);
          }}
        />
        <button type="button" onClick={onClose}>
          Done
        </button>
      </p>
      {error && (
        <p className="field-error" role="alert">
          {messageFor('loadUsers', error)}
        </p>
      )}
    </div>
  );
}
