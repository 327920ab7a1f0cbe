/**
 * Turns the chosen picture into the stored avatar (spec 1 §9): the centred square, drawn at
 * 200×200 on a canvas and encoded at 0.9 quality. A file that cannot be read or drawn is a
 * `validation` error on `file` carrying the spec's message (context 'uploadAvatar').
 */
import { appError } from '../../data/errors/appError.ts';
import { AVATAR_QUALITY, AVATAR_SIZE_PX, avatarOutputType, centredSquare } from '../../domain/profile/avatarRules.ts';

const FAILED_TO_READ_FILE = 'Failed to read file';
const FAILED_TO_LOAD_IMAGE = 'Failed to load image';

const unusable = (message: string) => appError({ kind: 'validation', field: 'file' }, message);

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(unusable(FAILED_TO_READ_FILE));
    reader.readAsDataURL(file);
  });
}

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(unusable(FAILED_TO_LOAD_IMAGE));
    image.src = source;
  });
}

export async function resizeAvatar(file: File): Promise<Blob> {
  const image = await loadImage(await readAsDataUrl(file));
  const { sx, sy, side } = centredSquare(image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE_PX;
  canvas.height = AVATAR_SIZE_PX;
  const context = canvas.getContext('2d');
  if (!context) throw unusable(FAILED_TO_LOAD_IMAGE);
  context.drawImage(image, sx, sy, side, side, 0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(unusable(FAILED_TO_LOAD_IMAGE))),
      avatarOutputType(file.type),
      AVATAR_QUALITY,
    ),
  );
}
