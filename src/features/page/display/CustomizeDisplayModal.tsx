/**
 * The Customize Properties Display modal (spec 2 §2, §8): 'Loading properties...' while the
 * database's properties and the saved order load, their error with Retry, then the two
 * columns to rearrange; Cancel leaves everything as it was, 'Save Changes' ('Saving...')
 * stores the order on the setting and closes, or shows why it could not. The columns (with
 * @dnd-kit, most of the page screen's weight) load only when the modal opens; the service
 * worker has them precached, so offline they open too.
 */
import { lazy, Suspense, useCallback, useState } from 'react';
import type { ActiveSettingValue } from '../../../data/db/activeSetting.ts';
import { arrangeProperties, configOf } from '../../../domain/notion/displayConfig.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog, DialogActions } from '../../../ui/Dialog.tsx';
import { ErrorMessage } from '../../../ui/ErrorMessage.tsx';
import { useRetryableLoad } from '../../../ui/useRetryableLoad.ts';
import { loadDisplayProperties, loadFailureText, saveDisplayConfig } from './actions.ts';
import type { Columns } from './DisplayBoard.tsx';

const DisplayBoard = lazy(() => import('./DisplayBoard.tsx').then((m) => ({ default: m.DisplayBoard })));

interface Props {
  authId: string;
  active: ActiveSettingValue | null | undefined;
  onClose: () => void;
}

export function CustomizeDisplayModal({ authId, active, onClose }: Props) {
  const load = useCallback(async () => {
    const { properties, config } = await loadDisplayProperties(authId, active);
    return arrangeProperties(properties, config);
  }, [authId, active]);
  const { load: loaded, retry } = useRetryableLoad(load, loadFailureText);
  const [columns, setColumns] = useState<Columns | null>(null);
  const [saving, setSaving] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = columns ?? (loaded.state === 'ready' ? loaded.data : null);

  const save = async () => {
    if (!shown || !active) return;
    setSaving(true);
    setError(null);
    const failure = await saveDisplayConfig(active.id, configOf(shown));
    setSaving(false);
    if (failure) setError(failure);
    else onClose();
  };

  const loading = (
    <p className="loading" aria-busy="true">
      Loading properties...
    </p>
  );
  return (
    <Dialog title="Customize Properties Display" onClose={onClose} keyboardDismissDisabled={dragging} tall>
      {loaded.state === 'loading' && loading}
      {loaded.state === 'error' && (
        <>
          <ErrorMessage message={loaded.message} />
          <Button onPress={retry}>Retry</Button>
        </>
      )}
      {shown && (
        <Suspense fallback={loading}>
          <DisplayBoard columns={shown} onChange={setColumns} onDragging={setDragging} />
        </Suspense>
      )}
      <ErrorMessage message={error} />
      <DialogActions>
        <Button onPress={onClose}>Cancel</Button>
        <Button variant="primary" busy={saving} isDisabled={!shown} onPress={() => void save()}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
