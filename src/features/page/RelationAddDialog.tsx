/**
 * The add-relation modal (spec 2 §5, §8, §9): the target's 10 most recent pages not related
 * yet, a search by title offered from 10 results on (500 ms after typing stops), page ids or
 * Notion links typed comma-separated, and a new page created in the target (its title must not
 * be empty). A page chosen is linked at once (the relation's whole list, through the outbox)
 * and leaves the offer; the modal stays open for more until Done or Escape.
 *
 * Laid out so nothing the user aims at moves as the offer loads and shrinks: the two forms
 * first, then what was linked and the failures, then the offer; Done at the foot of a tall
 * dialog.
 */
import { useRef, useState, type FormEvent } from 'react';
import { relationTexts } from '../../domain/errors/messages.ts';
import { parseRelationIds } from '../../domain/notion/relationInput.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { Field } from '../../ui/Field.tsx';
import { createCandidate, type RelationTarget } from './relationActions.ts';
import { useRelationEdits } from './useRelationEdits.ts';
import { useRelationSearch } from './useRelationSearch.ts';

interface Props {
  target: RelationTarget;
  /** The relation's target data source (null: its schema names none). */
  dataSourceId: string | null;
  /** The pages related now (the whole list). */
  ids: string[];
  onClose: () => void;
}

/** Typed, created or found: what was linked last, said politely and focused when its button went away. */
function useLinkedNotice() {
  const [linked, setLinked] = useState('');
  const ref = useRef<HTMLParagraphElement>(null);
  const say = (titles: string) => {
    setLinked(`Linked: ${titles}`);
    requestAnimationFrame(() => ref.current?.focus());
  };
  const notice = (
    <p role="status" tabIndex={-1} ref={ref} className="relation-linked">
      {linked}
    </p>
  );
  return { say, notice };
}

function IdsForm({ onLink }: { onLink: (ids: string[]) => Promise<boolean> }) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string[]>([]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { ids, invalid: wrong } = parseRelationIds(text);
    setInvalid(wrong);
    if (wrong.length === 0 && ids.length > 0 && (await onLink(ids))) setText('');
  };
  return (
    <form className="relation-form" onSubmit={(event) => void submit(event)}>
      <Field
        label="Page IDs"
        hint="Comma-separated page IDs or Notion links"
        value={text}
        onChange={(typed) => {
          setText(typed);
          setInvalid([]);
        }}
        error={invalid.length ? relationTexts.notPageIds(invalid) : null}
      />
      <Button type="submit" isDisabled={text.trim() === ''}>
        Link pages
      </Button>
    </form>
  );
}

function CreateForm({ onCreate }: { onCreate: (title: string) => Promise<boolean> }) {
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') return;
    setBusy(true);
    if (await onCreate(title)) setTitle('');
    setBusy(false);
  };
  return (
    <form className="relation-form" onSubmit={(event) => void submit(event)}>
      <Field label="New page title" value={title} onChange={setTitle} />
      <Button type="submit" busy={busy} isDisabled={title.trim() === ''}>
        Create and link
      </Button>
    </form>
  );
}

export function RelationAddDialog({ target, dataSourceId, ids, onClose }: Props) {
  const source = {
    authId: target.authId,
    workspaceId: target.workspaceId,
    dataSourceId,
    propertyId: target.propertyId,
  };
  const search = useRelationSearch(source, ids);
  const edits = useRelationEdits(target, ids);
  const [searchOpen, setSearchOpen] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const { say, notice } = useLinkedNotice();
  const link = async (added: string[], titles: string) => {
    const done = await edits.link(added);
    if (done) say(titles);
    return done;
  };
  const create = async (title: string) => {
    setCreateError(null);
    const created = dataSourceId ? await createCandidate({ ...source, dataSourceId }, title) : null;
    if (!created) return false;
    if (!created.ok) setCreateError(created.message);
    return created.ok && link([created.value.id], created.value.title);
  };
  const heading = search.term.trim() ? 'Search results' : 'Recent pages';

  return (
    <Dialog title={`Add to ${target.name}`} onClose={onClose} dismissable tall>
      <IdsForm onLink={(added) => link(added, added.join(', '))} />
      {dataSourceId && <CreateForm onCreate={create} />}
      {notice}
      <ErrorMessage message={edits.error ?? search.error ?? createError} />
      {search.searchOffered &&
        (searchOpen ? (
          <Field label="Search pages" type="search" autoFocus value={search.term} onChange={search.setTerm} />
        ) : (
          <Button variant="ghost" onPress={() => setSearchOpen(true)}>
            Search pages
          </Button>
        ))}
      <section className="relation-candidates" aria-label={heading}>
        <h3>{heading}</h3>
        {search.pages === null ? (
          !search.error && <p aria-busy="true">Loading pages...</p>
        ) : search.pages.length === 0 ? (
          <p>{relationTexts.noPagesFound}</p>
        ) : (
          <ul>
            {search.pages.map((page) => (
              <li key={page.id}>
                <Button variant="ghost" onPress={() => void link([page.id], page.title || 'Untitled')}>
                  {`Link ${page.title || 'Untitled'}`}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <DialogActions>
        <Button variant="primary" onPress={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
