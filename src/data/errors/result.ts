/**
 * The one result shape of user intents (src/features/<area>/actions.ts): a value, or an
 * `AppError` whose text the screen asks the message catalogue for (`textOf` for anything
 * thrown, e.g. by a screen's load function).
 */
import { messageFor, type ErrorContext } from '../../domain/errors/catalogue.ts';
import type { AppError } from './appError.ts';
import { toAppError } from './thrown.ts';

export type Result<T = void> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: unknown): { ok: false; error: AppError } => ({ ok: false, error: toAppError(error) });

/** Runs `work`; whatever it throws becomes the failed result. */
export async function attempt<T>(work: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await work());
  } catch (error) {
    return fail(error);
  }
}

/** The catalogue's text for whatever was thrown, in this context. */
export const textOf = (context: ErrorContext, error: unknown): string => messageFor(context, toAppError(error));
