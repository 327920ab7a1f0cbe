/**
 * The add-workspace modal (spec 1 §4 "Workspace modal", §5 "Integration key"): key shown or
 * hidden, the `ntn_` hint, validation through users/me showing the workspace and key (bot)
 * names, then save. Messages disappear after 5 seconds.
 */
import { useState } from 'react';
import type { NotionBot } from '../../../data/notion/objects.ts';
import { messageFor } from '../../../domain/errors/catalogue.ts';
import { KEY_PREFIX_HINT } from '../../../domain/settings/keyRules.ts';
import { saveWorkspace, validateKey } from '../workspaceActions.ts';
import { useTimedMessage } from './useTimedMessage.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog, DialogActions } from '../../../ui/Dialog.tsx';
import { Field } from '../../../ui/Field.tsx';

export function AddWorkspaceModal({
  authId,
  onClose,
  onSaved,
}: {
  authId: string;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const [key, setKey] = useState('');
  const [shown, setShown] = useState(false);
  const [bot, setBot] = useState<NotionBot | null>(null);
  const [busy, setBusy] = useState(false);
  const { message, show, clear } = useTimedMessage();

  const validate = async () => {
    setBusy(true);
    clear();
    setBot(null);
    const result = await validateKey(key);
    setBusy(false);
    if (result.ok) setBot(result.value);
    else show('error', messageFor('validateKey', result.error));
  };
  const save = async () => {
    if (!bot) return;
    setBusy(true);
    const result = await saveWorkspace(authId, key, bot);
    setBusy(false);
    if (result.ok) onSaved(bot.workspaceName || bot.name);
    else show('error', messageFor('addWorkspace', result.error));
  };

  return (
    <Dialog title="Add a Notion workspace" onClose={onClose}>
      <Field
        label="Notion API key"
        type={shown ? 'text' : 'password'}
        value={key}
        autoComplete="off"
        autoFocus
        onChange={(value) => {
          setKey(value);
          setBot(null);
        }}
        hint={<>Internal integration keys start with {KEY_PREFIX_HINT}</>}
        after={
          <Button variant="ghost" onPress={() => setShown(!shown)}>
            {shown ? 'Hide' : 'Show'}
          </Button>
        }
      />
      {bot && (
        <dl className="validated" aria-label="Validated key">
          <dt>Workspace</dt>
          <dd data-testid="validated-workspace">{bot.workspaceName}</dd>
          <dt>Key name</dt>
          <dd data-testid="validated-bot">{bot.name}</dd>
        </dl>
      )}
      {message && (
        <p className={`notice ${message.kind}`} role="alert" data-testid="workspace-message">
          {message.text}
        </p>
      )}
      <DialogActions>
        <Button onPress={onClose}>Cancel</Button>
        {bot ? (
          <Button variant="primary" busy={busy} onPress={() => void save()}>
            Save workspace
          </Button>
        ) : (
          <Button variant="primary" busy={busy} onPress={() => void validate()}>
            Validate key
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
