/**
 * What the outbox panel and /cache-debug's outbox share for one entry: its name in words, the
 * runner of a choice (Retry, Discard, Keep mine…) that first names its entry's item (for
 * where focus goes once it leaves, useFocusAfterChoice) and shows a failure in words instead
 * of throwing (the entry is being sent, the disk is full), and Discard — always confirmed
 * first, because a discarded edit never reaches Notion.
 */
import { useRef, useState } from 'react';
import type { OutboxEntry } from '../../data/outbox/entry.ts';
import { toAppError } from '../../data/errors/thrown.ts';
import { messageFor } from '../../domain/errors/catalogue.ts';
import { valueText } from '../../domain/notion/valueText.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import type { ChoiceStarts } from './useFocusAfterChoice.ts';

/** "Stage on Ada Lovelace", or the property and page ids when the entry has no label. */
export const entryName = (entry: OutboxEntry): string =>
  entry.label
    ? `${entry.label.property} on ${entry.label.page}`
    : `Property ${entry.propertyId} of page ${entry.pageId}`;

/**
 * `run(choice)` runs an outbox choice on the entry whose element is `item` (marked
 * `data-outbox-entry`), telling `onChoice` first; `error` is its failure, in words.
 */
export function useOutboxChoice(onChoice: ChoiceStarts) {
  const item = useRef<HTMLLIElement>(null);
  const [error, setError] = useState<string | null>(null);
  const run = (choice: () => Promise<void>) => {
    onChoice(item.current!);
    setError(null);
    choice().catch((thrown: unknown) => setError(messageFor('outboxChoice', toAppError(thrown))));
  };
  return { item, error, run };
}

/** "Discard…", then "Discard this change?" with the entry and its value; "Keep it" is the safe default. */
export function DiscardEntryButton({ entry, onDiscard }: { entry: OutboxEntry; onDiscard: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button onPress={() => setConfirming(true)}>Discard…</Button>
      {confirming && (
        <ConfirmDialog
          title="Discard this change?"
          confirmLabel="Discard"
          cancelLabel="Keep it"
          onConfirm={() => {
            setConfirming(false);
            onDiscard();
          }}
          onCancel={() => setConfirming(false)}
        >
          <p>
            {entryName(entry)}: {valueText(entry.value)}. It will not reach Notion.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
