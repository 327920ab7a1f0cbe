/**
 * The wizard's temporary storage (spec 1 §3 "wizard temporaries"): the chosen workspace,
 * database and data source (issue 14), the mapping (and which fields are still suggestions), the name and the editing setting id, kept
 * in Dexie so a reload inside the wizard keeps its progress. Saving a setting wipes it.
 *
 * What must stay true: an update reads and writes the draft in one `rw` transaction, so updates
 * apply in the order they were made — two quick ones (a name typed, then corrected) can never
 * leave the first one's value.
 */
import type { Mapping, MappedField } from '../../domain/settings/mapping.ts';
import { CACHE_KEYS, clearCache, readCacheEntry, writeCache } from './cache.ts';
import { db } from './schema.ts';

export interface WizardDraft {
  authId: string;
  workspaceId?: string;
  databaseId?: string;
  /** The database's data source that holds the contacts. */
  dataSourceId?: string;
  databaseTitle?: string;
  mapping?: Mapping;
  /** The mapped fields still holding the suggested mapping's choice (not yet changed by the user). */
  suggestedFields?: MappedField[];
  /** Property names by id, for the summary. */
  propertyNames?: Record<string, string>;
  name?: string;
  editingSettingId?: string;
}

export async function readWizardDraft(authId: string): Promise<WizardDraft> {
  const entry = await readCacheEntry<WizardDraft>(CACHE_KEYS.wizard);
  return entry && entry.value.authId === authId ? entry.value : { authId };
}

export async function updateWizardDraft(authId: string, change: Partial<Omit<WizardDraft, 'authId'>>): Promise<void> {
  await db.transaction('rw', db.cache, async () => {
    const current = await readWizardDraft(authId);
    await writeCache(CACHE_KEYS.wizard, { ...current, ...change, authId });
  });
}

export const clearWizardDraft = (): Promise<void> => clearCache(CACHE_KEYS.wizard);
