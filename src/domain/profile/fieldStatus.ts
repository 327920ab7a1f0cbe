/**
 * Transient messages with a lifetime: the profile fields' save status (loading, then check
 * or error, shown for 2 s), 'Avatar updated!' (3 s), the login notice (8 s). `show` replaces
 * the current value and restarts the clock; `clear` ends it early.
 */
export interface Flash<T> {
  show(value: T, lifetimeMs?: number): void;
  clear(): void;
}

export function createFlash<T>(idle: T, defaultLifetimeMs: number, onChange: (value: T) => void): Flash<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    show(value, lifetimeMs = defaultLifetimeMs) {
      stop();
      onChange(value);
      if (Number.isFinite(lifetimeMs)) {
        timer = setTimeout(() => {
          timer = undefined;
          onChange(idle);
        }, lifetimeMs);
      }
    },
    clear() {
      stop();
      onChange(idle);
    },
  };
}

export type FieldStatus = 'idle' | 'loading' | 'success' | 'error';

/** Runs one field save: loading while it runs, then success or error for `lifetimeMs`. */
export async function trackSave(
  flash: Flash<FieldStatus>,
  save: () => Promise<void>,
  lifetimeMs: number,
): Promise<boolean> {
  flash.show('loading', Infinity);
  try {
    await save();
    flash.show('success', lifetimeMs);
    return true;
  } catch {
    flash.show('error', lifetimeMs);
    return false;
  }
}
