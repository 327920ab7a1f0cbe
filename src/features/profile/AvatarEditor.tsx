/**
 * The avatar: the picture, or the first letter of the first name or e-mail (else U); upload
 * (images under 2 MB) and delete; 'Avatar updated!' for 3 s (spec 1 §2, §4, §5, §8).
 */
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { AVATAR_MESSAGE_MS } from '../../domain/auth/timings.ts';
import { messageFor } from '../../domain/errors/catalogue.ts';
import { AVATAR_DISPLAY_PX, avatarInitial } from '../../domain/profile/avatarRules.ts';
import { createFlash } from '../../domain/profile/fieldStatus.ts';
import { AVATAR_UPDATED, removeAvatar, replaceAvatar } from './actions.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';

interface AvatarEditorProps {
  initialUrl: string | null;
  firstName: string;
  email: string;
}

export function AvatarEditor({ initialUrl, firstName, email }: AvatarEditorProps) {
  const [url, setUrl] = useState(initialUrl);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const flash = useMemo(() => createFlash<string>('', AVATAR_MESSAGE_MS, setSuccess), []);
  useEffect(() => () => flash.clear(), [flash]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setError(null);
    setBusy(true);
    const result = await replaceAvatar(file);
    setBusy(false);
    if (!result.ok) return setError(messageFor('uploadAvatar', result.error));
    setUrl(result.value);
    flash.show(AVATAR_UPDATED);
  };

  const onDelete = async () => {
    setError(null);
    setBusy(true);
    const result = await removeAvatar();
    setBusy(false);
    if (!result.ok) return setError(messageFor('deleteAvatar', result.error));
    setUrl(null);
    flash.clear();
  };

  return (
    <section className="avatar-editor" aria-label="Avatar">
      <Avatar src={url} initials={avatarInitial(firstName, email)} sizePx={AVATAR_DISPLAY_PX} alt="Avatar" />
      <div className="avatar-actions">
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label="Avatar file"
          onChange={(e) => void onFile(e)}
        />
        <button type="button" disabled={busy} onClick={() => input.current?.click()}>
          {busy ? 'Uploading…' : url ? 'Change avatar' : 'Upload avatar'}
        </button>
        {url && (
          <button type="button" className="ghost" disabled={busy} onClick={() => void onDelete()}>
            Delete avatar
          </button>
        )}
      </div>
      {success && (
        <p className="notice success" role="status">
          {success}
        </p>
      )}
      <ErrorMessage message={error} />
    </section>
  );
}
