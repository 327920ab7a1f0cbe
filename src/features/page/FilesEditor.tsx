/**
 * The files editor (spec 2 §3, §5, §9): the property's files (FileItem.tsx), each with a Remove
 * button, and a form to add an external link: the URL must parse ("Please enter a valid URL",
 * Add disabled until it does), the name is optional (else the URL's last path segment, its
 * host, or "External File"). Files cannot be uploaded here, only linked. Each add or remove
 * saves the whole list at once through `onSave`; Escape or Done closes the editor.
 */
import { useId, useRef, useState } from 'react';
import type { FileShape } from '../../data/notion/codecs/shapes.ts';
import { externalFileName, externalUrlError } from '../../domain/notion/externalFiles.ts';
import { FileItem } from './FileItem.tsx';
import type { EditorProps } from './editorProps.ts';

export function FilesEditor({ name, shape, onSave, onClose }: EditorProps) {
  const [files, setFiles] = useState<FileShape[]>(shape.type === 'files' ? shape.value : []);
  const [url, setUrl] = useState('');
  const [label, setLabel] = useState('');
  const urlInput = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const error = url.trim() === '' ? null : externalUrlError(url);
  const save = (next: FileShape[]) => {
    setFiles(next);
    onSave({ type: 'files', value: next });
    urlInput.current?.focus();
  };
  const add = () => {
    if (url.trim() === '' || error) return;
    const link = url.trim();
    const file: FileShape = {
      name: externalFileName(link, label),
      type: 'external',
      fileType: 'external',
      url: link,
      expiryTime: null,
    };
    setUrl('');
    setLabel('');
    save([...files, file]);
  };
  return (
    <div role="group" aria-label={name} onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <ul className="files">
        {files.map((file, index) => (
          <li key={`${index}-${file.url}`}>
            <FileItem file={file} />{' '}
            <button
              type="button"
              aria-label={`Remove ${file.name}`}
              onClick={() => save(files.filter((_, i) => i !== index))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form
        className="file-link-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <label>
          Link URL
          <input
            ref={urlInput}
            type="url"
            value={url}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setUrl(event.target.value)}
          />
        </label>
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
        <label>
          Name (optional)
          <input value={label} onChange={(event) => setLabel(event.target.value)} />
        </label>
        <p className="row">
          <button type="submit" disabled={url.trim() === '' || error !== null}>
            Add link
          </button>
          <button type="button" onClick={onClose}>
            Done
          </button>
        </p>
      </form>
    </div>
  );
}
