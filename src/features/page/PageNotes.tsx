/**
 * The page view's notes (issue 36): a multi-line note field whose Save queues the note in the
 * outbox (appended at the end of the Notion page, dated, exactly once — also when written
 * offline), the notes still waiting, and the page's latest notes as last read (cached with the
 * page, readable offline; older ones behind "Show more"). An empty note is refused with a text.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { db } from '../../data/db/schema.ts';
import { cachedPageNotes } from '../../data/notion/pageNotes.ts';
import type { NoteValue } from '../../data/outbox/noteEntry.ts';
import { useOnline } from '../outbox/useOutbox.ts';
import { loadNotes, saveNote } from './noteActions.ts';

const LATEST = 3;

interface Props {
  authId: string;
  workspaceId: string;
  pageId: string;
  pageTitle: string;
}

export function PageNotes({ authId, workspaceId, pageId, pageTitle }: Props) {
  const online = useOnline();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [all, setAll] = useState(false);
  const waiting = useLiveQuery(
    async () =>
      (await db.outbox.where('[authId+pageId]').equals([authId, pageId]).toArray()).filter(
        (entry) => 'note' in entry.value,
      ), // a note's value holds the note (noteEntry.ts)
    [authId, pageId],
  );
  const shown = useLiveQuery(() => cachedPageNotes(authId, pageId), [authId, pageId]);
  const pending = waiting?.length ?? 0;

  useEffect(() => {
    if (!online || pending > 0) return;
    void loadNotes({ authId, workspaceId, pageId }).then((error) => error && console.error('Notes not read', error));
  }, [authId, workspaceId, pageId, online, pending]);

  const save = async () => {
    const failure = await saveNote({ authId, workspaceId, pageId, pageTitle }, text);
    setProblem(failure);
    if (!failure) setText('');
  };
  const notes = [...(shown ?? [])].reverse();
  const visible = all ? notes : notes.slice(0, LATEST);

  return (
    <section className="page-notes" aria-labelledby="page-notes-title">
      <h2 id="page-notes-title">Notes</h2>
      <label htmlFor="page-note">New note</label>
      <textarea
        id="page-note"
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={problem ? 'page-note-problem' : undefined}
      />
      {problem && (
        <p className="notice error" role="alert" id="page-note-problem">
          {problem}
        </p>
      )}
      <button type="button" onClick={() => void save()}>
        Save note
      </button>
      {waiting && waiting.length > 0 && (
        <ul className="note-list" aria-label="Notes waiting to be sent">
          {waiting.map((entry) => {
            const note = entry.value.note as NoteValue;
            return (
              <li key={entry.id}>
                <strong>{note.date}</strong> ({entry.state === 'failed' ? 'not sent' : 'waiting'}) {note.text}
              </li>
            );
          })}
        </ul>
      )}
      {visible.length > 0 && (
        <ul className="note-list" aria-label="Latest notes">
          {visible.map((note) => (
            <li key={note.marker}>
              <strong>{note.date}</strong> {note.text}
            </li>
          ))}
        </ul>
      )}
      {!all && notes.length > LATEST && (
        <button type="button" className="ghost" onClick={() => setAll(true)}>
          Show more
        </button>
      )}
    </section>
  );
}
