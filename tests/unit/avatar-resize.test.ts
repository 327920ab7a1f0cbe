/**
 * The avatar's unusable-file failures (spec 1 §8 "Avatar": 'Failed to read file', 'Failed to
 * load image'): the browser's FileReader and Image are stood in for, failing as browsers do
 * (their `onerror`), and the text is the one the profile screen shows (context 'uploadAvatar').
 */
import { afterEach, expect, test, vi } from 'vitest';
import { toAppError } from '../../src/data/errors/thrown.ts';
import { messageFor } from '../../src/domain/errors/catalogue.ts';
import { resizeAvatar } from '../../src/features/profile/resizeAvatar.ts';

afterEach(() => vi.unstubAllGlobals());

function fileReader(outcome: 'load' | 'error') {
  return class {
    result: string | null = null;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    readAsDataURL() {
      queueMicrotask(() => {
        if (outcome === 'load') {
          this.result = 'data:image/png;base64,AAAA';
          this.onload?.();
        } else this.onerror?.();
      });
    }
  };
}

class BrokenImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_value: string) {
    queueMicrotask(() => this.onerror?.());
  }
}

const picture = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });

async function shownFor(): Promise<string> {
  const error = await resizeAvatar(picture).catch((e: unknown) => e);
  return messageFor('uploadAvatar', toAppError(error));
}

test("an unreadable file: 'Failed to read file'", async () => {
  vi.stubGlobal('FileReader', fileReader('error'));
  expect(await shownFor()).toBe('Failed to read file');
});

test("a file that is not a decodable image: 'Failed to load image'", async () => {
  vi.stubGlobal('FileReader', fileReader('load'));
  vi.stubGlobal('Image', BrokenImage);
  expect(await shownFor()).toBe('Failed to load image');
});
