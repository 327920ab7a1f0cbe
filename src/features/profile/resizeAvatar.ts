/**
 * Turns the chosen picture into the stored avatar (spec 1 §9): the centred square, drawn at
 * 200×200 on a canvas and encoded at 0.9 quality. Failures carry the spec's messages.
 */
import { AVATAR_QUALITY, AVATAR_SIZE_PX, avatarOutputType, centredSquare } from '../../domain/profile/avatarRules.ts';

export const FAILED_TO_READ_FILE = 'Failed to read file';
export const FAILED_TO_LOAD_IMAGE = 'Failed to load image';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(FAILED_TO_READ_FILE));
    reader.readAsDataURL(file);
  });
}

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(FAILED_TO_LOAD_IMAGE));
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
  if (!context) throw new Error(FAILED_TO_LOAD_IMAGE);
  context.drawImage(image, sx, sy, side, side, 0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(FAILED_TO_LOAD_IMAGE))),
      avatarOutputType(file.type),
      AVATAR_QUALITY,
    ),
  );
}
