/** The wizard's draft: updates made one right after the other all land, in order (one transaction each). */
import 'fake-indexeddb/auto';
import { expect, test } from 'vitest';
import { readWizardDraft, updateWizardDraft } from '../../src/data/db/wizardDraft.ts';

test('two updates not awaited one after the other: both kept, the later value wins', async () => {
  await Promise.all([
    updateWizardDraft('user-1', { name: 'My' }),
    updateWizardDraft('user-1', { mapping: { profileUrl: 'url' } }),
    updateWizardDraft('user-1', { name: 'My CRM' }),
  ]);
  expect(await readWizardDraft('user-1')).toEqual({ authId: 'user-1', name: 'My CRM', mapping: { profileUrl: 'url' } });
});
