/**
 * The message catalogue, every context × every reason → the spec's text (spec 1 §8, spec 2
 * §5/§8). The expected strings are copied from the spec here, not imported from the app, so a
 * changed text fails this table. For each context: the text of the reasons it names, the
 * text of every other reason (`others`), and its local checks by field.
 */
import { describe, expect, test } from 'vitest';
import { ERROR_CONTEXTS, messageFor, type ErrorContext } from '../../src/domain/errors/catalogue.ts';
import { updatePasswordRefusals } from '../../src/domain/errors/messages.ts';
import { notEditable } from '../../src/data/notion/codecs/errors.ts';
import { REASON_KINDS, type ErrorReason, type ReasonKind } from '../../src/domain/errors/reason.ts';

/** What the service said, in every row below. */
const SAID = 'Service said no.';
/** What "plus the message" becomes for a connection failure (never a raw fetch error). */
const CONNECTION: Record<'offline' | 'network' | 'timeout', string> = {
  offline: 'You are offline',
  network: 'The server could not be reached',
  timeout: 'The server took too long to answer',
};

const reasonOf = (kind: ReasonKind): ErrorReason =>
  kind === 'rateLimited'
    ? { kind, retryAfterMs: 1000 }
    : kind === 'quotaExceeded'
      ? { kind, quota: 'provider' }
      : kind === 'validation'
        ? { kind }
        : ({ kind } as ErrorReason);

/** A text that is the service's message, or the connection words. */
const said =
  (prefix = '') =>
  (kind: ReasonKind) =>
    `${prefix}${kind in CONNECTION ? CONNECTION[kind as keyof typeof CONNECTION] : SAID}`;

interface Row {
  byKind?: Partial<Record<ReasonKind, string>>;
  others: string | ((kind: ReasonKind) => string);
  byField?: Record<string, string>;
}

const TABLE: Record<ErrorContext, Row> = {
  login: { others: said() },
  register: {
    byKind: { conflict: 'This email is already registered. Please use the login page or reset your password.' },
    others: said(),
  },
  resetPassword: { others: said() },
  updatePassword: { others: said() },
  loadProfile: {
    byKind: {
      unauthorized: 'User information is unavailable. Please try logging in again.',
      notFound: 'User information is unavailable. Please try logging in again.',
    },
    others: 'An unexpected error occurred',
  },
  uploadAvatar: {
    byKind: { unauthorized: 'User must be logged in to upload avatar' },
    others: 'Failed to upload avatar',
    byField: { file: SAID },
  },
  deleteAvatar: {
    byKind: { unauthorized: 'Your session has expired. Please log in again.' },
    others: 'Failed to delete avatar',
  },
  changePassword: {
    byKind: {
      unauthorized: 'Your session has expired. Please log in again.',
      offline: 'Password change failed: You are offline',
      network: 'Password change failed: The server could not be reached',
      timeout: 'Password change failed: The server took too long to answer',
      validation: `Password change failed: ${SAID}`,
      forbidden: `Password change failed: ${SAID}`,
      server: `Password change failed: ${SAID}`,
    },
    others: 'An unexpected error occurred',
    byField: { form: 'Please check that your new password is at least 6 characters and matches the confirmation.' },
  },
  loadAccount: { byKind: { unauthorized: 'No active session' }, others: said() },
  loadPlans: { others: said() },
  subscriptionStatus: { others: said() },
  checkout: { others: said() },
  customerPortal: { others: said() },
  loadWorkspaces: {
    others: 'Unable to retrieve workspaces. Please check your Supabase connection or try again later.',
  },
  checkKey: { others: said('Error: ') },
  validateKey: { others: 'Failed to validate Notion API key', byField: { key: SAID } },
  addWorkspace: { byKind: { conflict: SAID }, others: said('An error occurred during saving: ') },
  countWorkspaceUsers: { others: 'Error retrieving user information.' },
  removeWorkspace: { byKind: { conflict: SAID }, others: 'Failed to remove from workspace' },
  workspaceDetails: { others: said('Error: ') },
  workspace: {
    byKind: { notFound: 'Workspace not found. Please go back and select a valid workspace.' },
    others: 'Unable to retrieve workspace details. Please try again.',
    byField: {
      workspaceId: 'No workspace selected. Please go back and select a workspace.',
      notionKey: 'No Notion API key found for this workspace',
    },
  },
  loadDatabases: { others: said('Unable to retrieve databases from Notion: ') },
  loadProperties: {
    others: said('Unable to retrieve database properties from Notion: '),
    byField: {
      databaseId: 'Missing workspace ID or database ID. Please go back and make a selection.',
      properties: 'No properties found in the selected database.',
    },
  },
  saveSetting: {
    byKind: { unauthorized: 'User not authenticated' },
    others: said('Unable to save Notion setting: '),
    byField: {
      profile: 'Profile not found for this user',
      // the database's unique rules refusing a save (data/supabase/settings.ts)
      name: 'A setting with this name already exists',
      database: 'This database is already used in an existing setting.',
    },
  },
  settingNames: { others: 'Unable to verify setting name uniqueness' },
  updatePageProperties: { others: said('Failed to update page properties: ') },
  archivePage: { others: said('Failed to archive page: ') },
  loadPage: { others: said('Failed to fetch page data: ') },
  addRelation: { others: 'Failed to update the relation Sidenote. Please try again.' },
  removeRelation: { others: said('Error removing relation: ') },
  archiveRelatedPage: { others: said('Error archiving page: ') },
  loadRelatedPages: {
    others: said('Error loading related pages: '),
    byField: {
      relationParameters: 'Missing required parameters (API key, property ID, or database ID)',
      relationTarget: 'Target database ID not found for this relation',
    },
  },
  searchRelatedPages: { others: said('Error searching pages: ') },
  createRelatedPage: { others: said('Error creating page: ') },
  // a type not editable: "Error: Property type {type} not supported for editing" once, not after another "Error: "
  saveProperty: { others: said('Error: '), byField: { propertyType: SAID, relation: SAID } },
  loadFollowUps: { others: said('Error: ') },
  deleteOption: { others: said('Error deleting option: ') },
  loadUsers: { others: said('Error: ') },
  outboxChoice: {
    byKind: { conflict: 'This change is being sent to Notion and can no longer be discarded.' },
    others: said('Your choice could not be saved: '),
  },
  loadDisplayProperties: {
    others: said('Error loading properties: '),
    byField: { setting: 'Missing setting information or Notion API key' },
  },
  saveDisplayConfig: { others: said('Error saving property order: ') },
  saveCustomizeHelp: { others: 'Failed to save help preference' },
  searchUsers: { others: said('Failed to search users: '), byField: { term: 'Please enter a search term' } },
  deleteUsers: { others: said('Failed to delete users: ') },
  databaseInfo: { others: 'Supabase: error' },
  syncStripe: { others: said('Sync failed: ') },
  loadAdminLogs: { others: said() },
  checkProfile: {
    others: said('Error checking profile: '),
    byField: {
      notionKey: 'Impossible to check profile: no active setting or API key',
      mapping: 'Incomplete configuration: missing database ID or profile URL mapping',
    },
  },
  loadApiUsage: { others: 'Could not fetch API usage data. Please try again.' },
  numberFormatTest: { others: said('Error testing number format: ') },
  loadTestProducts: { others: said('Failed to load products: ') },
  addProfile: {
    byKind: {
      rateLimited: 'API Rate Limit Exceeded: Please try again in a few minutes.',
      quotaExceeded: 'Error: Monthly quota exceeded. Please contact your administrator.',
    },
    others: said('Error: '),
    byField: {
      url: "This doesn't appear to be a LinkedIn profile URL.",
      lookupIncomplete: "We couldn't check every page of your Notion database, so this person may already be in it.",
    },
  },
};

test('the table covers every context of the catalogue', () => {
  expect(Object.keys(TABLE).sort()).toEqual([...ERROR_CONTEXTS].sort());
});

describe.each(Object.entries(TABLE) as [ErrorContext, Row][])('%s', (context, row) => {
  test.each(REASON_KINDS.map((kind) => [kind]))('%s', (kind) => {
    const others = typeof row.others === 'string' ? row.others : row.others(kind);
    expect(messageFor(context, { reason: reasonOf(kind), message: SAID })).toBe(row.byKind?.[kind] ?? others);
  });
  for (const [field, text] of Object.entries(row.byField ?? {})) {
    test(`validation of ${field}`, () => {
      expect(messageFor(context, { reason: { kind: 'validation', field }, message: SAID })).toBe(text);
    });
  }
});

describe('rules beyond the table', () => {
  test("register: an auth text with 'already', 'exist', 'registered' or 'taken' is the spec's text", () => {
    for (const message of ['User already registered', 'Email address taken']) {
      expect(messageFor('register', { reason: { kind: 'validation' }, message })).toBe(
        'This email is already registered. Please use the login page or reset your password.',
      );
    }
  });

  test("loadTestProducts: an error without a message reads 'Unknown' (spec 2 §8 '{message or Unknown}')", () => {
    expect(messageFor('loadTestProducts', { reason: { kind: 'server' }, message: ' ' })).toBe(
      'Failed to load products: Unknown',
    );
  });

  test('addProfile: the import quota has its own text; a service text opening with Error is not prefixed', () => {
    const imports: ErrorReason = { kind: 'quotaExceeded', quota: 'linkedinImports' };
    expect(messageFor('addProfile', { reason: imports, message: SAID })).toBe('Monthly LinkedIn Imports Exceeded');
    expect(messageFor('addProfile', { reason: { kind: 'server' }, message: 'Error processing LinkedIn profile' })).toBe(
      'Error processing LinkedIn profile',
    );
    expect(messageFor('addProfile', { reason: { kind: 'notFound' }, message: 'Failed to retrieve profile data' })).toBe(
      'Error: Failed to retrieve profile data',
    );
    expect(
      messageFor('addProfile', { reason: { kind: 'notFound' }, message: 'Error: Failed to retrieve profile data' }),
    ).toBe('Error: Failed to retrieve profile data');
  });

  test('saveProperty: a type not editable reads the spec text once ("Error: Property type … not supported for editing")', () => {
    expect(messageFor('saveProperty', notEditable('formula'))).toBe(
      'Error: Property type formula not supported for editing',
    );
  });

  test("a step's own context wins over the screen's", () => {
    const error = { reason: { kind: 'notFound' } as ErrorReason, message: SAID, context: 'workspace' };
    expect(messageFor('loadDatabases', error)).toBe(
      'Workspace not found. Please go back and select a valid workspace.',
    );
  });

  test('an empty service text reads Unknown error; a refusal without text has its fallback', () => {
    expect(messageFor('loadDatabases', { reason: { kind: 'server' }, message: '' })).toBe(
      'Unable to retrieve databases from Notion: Unknown error',
    );
    expect(messageFor('removeWorkspace', { reason: { kind: 'conflict' }, message: '' })).toBe(
      'Error removing from workspace.',
    );
    expect(messageFor('addWorkspace', { reason: { kind: 'conflict' }, message: '' })).toBe('Error: Unknown error');
  });
});

test("/update-password's refusals (ours, issue 13: states, not failures) live with the other texts", () => {
  expect(updatePasswordRefusals.noRecoveryLink).toBe('Open this page from the link in your password reset email.');
  expect(updatePasswordRefusals.notARecoverySession).toBe(
    'This page only works from a password reset email. To change your password while signed in, use your profile, with your current password.',
  );
  expect(updatePasswordRefusals.signedInElsewhere('a@example.com')).toBe(
    'You are signed in as a@example.com. Log out to use this password reset link.',
  );
});
