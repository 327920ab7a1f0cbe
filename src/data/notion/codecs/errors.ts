/**
 * Why a shape cannot be written: typed (`AppError`, reason `validation`) so the editor shows
 * the text and nothing is queued.
 */
import { propertyTexts } from '../../../domain/errors/messages.ts';
import { AppError } from '../../errors/appError.ts';

/** A read-only or unsupported type (spec 2 §5 "Error: Property type {type} not supported for editing"). */
export const notEditable = (type: string): AppError =>
  new AppError({ kind: 'validation', field: 'propertyType' }, propertyTexts.notEditable(type), {
    source: 'app',
    code: 'property_not_editable',
    body: { type },
  });

/** A relation cut at 25 by the page object: writing it whole would unlink the pages not read. */
export const relationIncomplete = (): AppError =>
  new AppError({ kind: 'validation', field: 'relation' }, propertyTexts.relationIncomplete, {
    source: 'app',
    code: 'relation_incomplete',
  });
