/**
 * The add-workspace modal (spec 1 §4 "Workspace modal", §5 "Integration key"): key shown or
 * hidden, the `ntn_` hint, validation through users/me showing the workspace and key (bot)
 * names, then save. Messages disappear after 5 seconds.
 */
import { useState } from 'react';
import type { NotionBot } from '../../../data/notion/client.ts';
import { messageFor } from '../../../domain/errors/catalogue.ts';
import { KEY_PREFIX_HINT } from '../../../domain/settings/keyRules.ts';
import { saveWorkspace, validateKey } from '../workspaceActions.ts';
import { useTimedMessage } from './useTimedMessage.ts';

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
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-label="Add a Notion workspace">
        <h2>Add a Notion workspace</h2>
        <label className="field">
          <span>Notion API key</span>
          <span className="row">
            <input
              type={shown ? 'text' : 'password'}
              value={key}
              autoComplete="off"
              onChange={(event) => {
                setKey(event.target.value);
                setBot(null);
              }}
            />
            <button type="button" className="ghost" onClick={() => setShown(!shown)}>
              {shown ? 'Hide' : 'Show'}
            </button>
          </span>
        </label>
        <p className="hint">Internal integration keys start with {KEY_PREFIX_HINT}</p>
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
        <div className="row">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          {bot ? (
            <button type="button" className="primary" disabled={busy} onClick={() => void save()}>
              Save workspace
            </button>
          ) : (
            <button type="button" className="primary" disabled={busy} onClick={() => void validate()}>
              Validate key
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
