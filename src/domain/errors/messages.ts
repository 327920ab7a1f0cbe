/**
 * The error texts of the spec's catalogues (spec 1 §8, spec 2 §5/§8), verbatim, named once (the
 * two that are also validation texts stay with their rules in src/domain/settings).
 * Only catalogue.ts picks among them; tests/unit/message-catalogue.test.ts holds each one.
 * The three connection words (`offline`, `network`, `timeout`) are ours: the spec shows no
 * offline text, and a raw fetch error must never reach the screen; so is `lookupIncomplete`
 * (the spec's lookup never stops short).
 * `updatePasswordRefusals` are ours too (issue 13) and are states, not failures: no error
 * reason leads to them, so /update-password reads them here directly, not through catalogue.ts.
 */
import { NAME_UNIQUENESS_UNVERIFIED } from '../settings/nameRules.ts';
import { KEY_VALIDATION_FAILED } from '../settings/keyRules.ts';

export const messages = {
  offline: 'You are offline',
  network: 'The server could not be reached',
  timeout: 'The server took too long to answer',
  unknownDetail: 'Unknown error',
  /** Our wording (the spec has none): IndexedDB refused a write, the disk is full. */
  storageFull:
    'This device is out of storage space. Free some space, then try again; changes already waiting are kept.',
  errorPrefix: 'Error: ',

  // spec 1 §8 — profile
  userUnavailable: 'User information is unavailable. Please try logging in again.',
  passwordChangeFailedPrefix: 'Password change failed: ',
  unexpectedError: 'An unexpected error occurred',
  sessionExpired: 'Your session has expired. Please log in again.',
  // spec 1 §8 — avatar
  uploadFailed: 'Failed to upload avatar',
  deleteFailed: 'Failed to delete avatar',
  loginToUpload: 'User must be logged in to upload avatar',

  // spec 1 §8 — workspaces
  workspacesFailed: 'Unable to retrieve workspaces. Please check your Supabase connection or try again later.',
  savingErrorPrefix: 'An error occurred during saving: ',
  keyValidationFailed: KEY_VALIDATION_FAILED,
  removalUserError: 'Error retrieving user information.',
  removalError: 'Error removing from workspace.',
  removalFailed: 'Failed to remove from workspace',
  // spec 1 §8 — database and mapping steps
  noWorkspaceSelected: 'No workspace selected. Please go back and select a workspace.',
  workspaceNotFound: 'Workspace not found. Please go back and select a valid workspace.',
  workspaceDetailsFailed: 'Unable to retrieve workspace details. Please try again.',
  noKey: 'No Notion API key found for this workspace',
  databasesFailedPrefix: 'Unable to retrieve databases from Notion: ',
  missingIds: 'Missing workspace ID or database ID. Please go back and make a selection.',
  noProperties: 'No properties found in the selected database.',
  propertiesFailedPrefix: 'Unable to retrieve database properties from Notion: ',
  // spec 1 §8 — saving a setting
  saveSettingFailedPrefix: 'Unable to save Notion setting: ',
  userNotAuthenticated: 'User not authenticated',
  profileNotFound: 'Profile not found for this user',
  nameUniquenessUnverified: NAME_UNIQUENESS_UNVERIFIED,

  // spec 1 §8 — Notion service errors ("Prefixed texts: … Failed to update page properties")
  updatePagePropertiesFailedPrefix: 'Failed to update page properties: ',

  // spec 2 §8 — account
  noActiveSession: 'No active session',

  // spec 2 §5 / §8 — capture
  noSettingOrKey: 'Impossible to check profile: no active setting or API key',
  incompleteConfiguration: 'Incomplete configuration: missing database ID or profile URL mapping',
  notAProfileUrl: "This doesn't appear to be a LinkedIn profile URL.",
  checkProfileFailedPrefix: 'Error checking profile: ',
  rateLimitedUi: 'API Rate Limit Exceeded: Please try again in a few minutes.',
  importQuotaExceeded: 'Monthly LinkedIn Imports Exceeded',
  providerQuotaExceeded: 'Error: Monthly quota exceeded. Please contact your administrator.',
  // ours (issue 13): the lookup stopped before reading every candidate page
  lookupIncomplete: "We couldn't check every page of your Notion database, so this person may already be in it.",
} as const;

/** /update-password turns these away (useRecoveryGate): only a recovery session gets the form. */
export const updatePasswordRefusals = {
  noRecoveryLink: 'Open this page from the link in your password reset email.',
  notARecoverySession:
    'This page only works from a password reset email. To change your password while signed in, use your profile, with your current password.',
  signedInElsewhere: (email: string) => `You are signed in as ${email}. Log out to use this password reset link.`,
} as const;
