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
import { PRODUCT_NAME } from '../product.ts';
import { pageViewQuotaText } from '../notion/pageView.ts';

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
  archivePageFailedPrefix: 'Failed to archive page: ',
  pageFetchFailedPrefix: 'Failed to fetch page data: ',
  loadingPage: 'Loading profile from Notion...',
  /** Also the proxy's refusal (supabase/functions/_shared/notion-page-view.ts). */
  pageViewsQuotaExceeded: pageViewQuotaText,
  notionQuotaBannerTitle: 'Notion Edits Quota Exceeded',
  /** Ours: a page never opened on this device, while offline. */
  pageNotHereOffline: "This page hasn't been opened on this device yet. It will load when you're back online.",
  /** Ours: Discard on a failed edit that a Retry elsewhere (another tab) has sent meanwhile. */
  changeBeingSent: 'This change is being sent to Notion and can no longer be discarded.',
  /** Ours: a Retry, Discard or conflict choice the browser could not store. */
  outboxChoiceFailedPrefix: 'Your choice could not be saved: ',

  // spec 2 §8 — account
  noActiveSession: 'No active session',

  // spec 2 §5 / §8 — settings: the display of a page's properties
  missingSettingOrKey: 'Missing setting information or Notion API key',
  /** The page's display preferences could not be read and none are kept here: every property shows. */
  loadDisplayConfigFailed: 'Failed to load display configuration',
  loadPropertiesFailedPrefix: 'Error loading properties: ',
  savePropertyOrderFailedPrefix: 'Error saving property order: ',
  saveHelpPreferenceFailed: 'Failed to save help preference',

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

/**
 * The page editor's property texts (spec 2 §3, §5). The spec names one placeholder ("[Formulas
 * are not supported]"); the others are ours, in the same words (`placeholderOf`).
 */
export const propertyTexts = {
  invalidEmail: 'Please enter a valid email address',
  invalidUrl: 'Please enter a valid URL',
  /** Ours: a number property's text that is not a number (spec 2 §5: "otherwise a number"). */
  invalidNumber: 'Please enter a number',
  /** The name of an external file whose URL has neither a path segment nor a host. */
  externalFileName: 'External File',
  notEditable: (type: string) => `Error: Property type ${type} not supported for editing`,
  /** Ours: a relation read from a page object (25 references at most) whose full list is not loaded. */
  saving: 'Saving...',
  saved: 'Saved successfully',
  /** Ours: an edit kept on this device while offline (the banner counts what will sync). */
  savedOnDevice: "Saved on this device — it will reach Notion when you're back online",
  saveFailed: 'Error saving changes',
  relationIncomplete:
    'This relation has more pages than were loaded. Load its full list before changing it, so no page is dropped.',
  deletingOption: (name: string) => `Deleting option: ${name}...`,
  optionDeleted: 'Option deleted successfully',
  deleteOptionFailedPrefix: 'Error deleting option: ',
  /** Ours: a people property's add list while the workspace's users load, or when it has none left. */
  loadingUsers: 'Loading workspace users...',
  noMoreUsers: 'Everyone in the workspace is already here',
  /** Ours: a Notion-hosted file's link stops working at this time (its expiry). */
  fileExpires: (when: string) => `Link expires ${when}`,
} as const;

/**
 * A relation's texts (spec 2 §8 "Relation alerts", "Add-relation modal"), `{product}` being the
 * product's name. catalogue.ts picks the error texts; `noPagesFound` is a state the modal reads
 * directly.
 */
export const relationTexts = {
  updateFailed: `Failed to update the relation ${PRODUCT_NAME}. Please try again.`,
  removeFailedPrefix: 'Error removing relation: ',
  archiveFailedPrefix: 'Error archiving page: ',
  missingParameters: 'Missing required parameters (API key, property ID, or database ID)',
  targetNotFound: 'Target database ID not found for this relation',
  loadFailedPrefix: 'Error loading related pages: ',
  createFailedPrefix: 'Error creating page: ',
  searchFailedPrefix: 'Error searching pages: ',
  noPagesFound: 'No pages found. Try a different search term or create a new page.',
  /** Ours: parts of the typed page ids that hold no page id (nothing is linked then). */
  notPageIds: (parts: string[]) => `Not a page ID or Notion link: ${parts.join(', ')}`,
} as const;

/** What the editor shows for a property type it cannot show, by Notion type. */
const PLACEHOLDERS: Record<string, string> = {
  formula: '[Formulas are not supported]',
  rollup: '[Rollups are not supported]',
  button: '[Buttons are not supported]',
  unique_id: '[Unique IDs are not supported]',
  verification: '[Verifications are not supported]',
  place: '[Places are not supported]',
  location: '[Locations are not supported]',
  last_visited_time: '[Last visited times are not supported]',
};

/** "[Formulas are not supported]", and alike for any other type (one Notion adds later too). */
export function placeholderOf(type: string): string {
  const known = PLACEHOLDERS[type];
  if (known) return known;
  const words = type.replace(/_/g, ' ').trim() || 'unknown';
  return `[${words.charAt(0).toUpperCase()}${words.slice(1)} properties are not supported]`;
}

/** Ours (issue 16): Root when the entry guard cannot decide (the team or setting could not be read). */
export const rootNotices = {
  offlineDetail: 'Sidenote needs the network to check your setup. It carries on by itself when you are back online.',
} as const;

/** Ours (issue 16): the sign-up confirmation link's outcome, on /login and /auth/callback. */
export const confirmationNotices = {
  addressConfirmed: 'Your e-mail address is confirmed. You can sign in now.',
  linkExpired: 'This confirmation link has expired or has already been used. Sign in, or create your account again.',
  linkInvalid: 'This confirmation link is not valid. Sign in, or create your account again.',
} as const;

/** Ours (issue 16), states of the capture screen rather than failures: read directly, not through catalogue.ts. */
export const captureNotices = {
  /** NewProfile on a profile page the extension read without any data (a private profile). */
  noProfileData: 'LinkedIn shows no data for this profile (it may be private), so there is nothing to add.',
  /** The name rung read its bound: "we couldn't check every page", as the URL lookup says it. */
  nameSearchIncomplete: "We couldn't check every page with this last name: more than 100 share it.",
} as const;

/**
 * Ours (issue 18): the account page after the hosted checkout (spec 2 §2 "Checkout returns here
 * with query checkout = success or canceled"; the spec gives no words). States, not failures:
 * read by src/domain/billing/checkoutReturn.ts, not through catalogue.ts.
 */
export const checkoutNotices = {
  success: 'Payment successful. Your plan is being updated; it shows here in a moment.',
  canceled: 'Checkout canceled. You have not been charged and your plan is unchanged.',
} as const;

/**
 * Billing (spec 2 §8 "Billing: server error field shown, else …", "Empty states", §5 "invalid
 * JSON gives 'Invalid JSON response from server'"). The failures are picked by catalogue.ts (the
 * server's text first, these as the fallback the data layer carries); the empty states are read
 * by the account screen directly ('You don't have an active subscription.' is the subscription
 * gate's, NO_ACTIVE_SUBSCRIPTION).
 */
export const billingTexts = {
  checkoutFailed: 'Failed to create checkout session',
  portalFailed: 'Failed to create customer portal session',
  productsFailed: 'Failed to fetch Stripe products',
  statusFailed: (statusText: string) => `Error getting subscription status: ${statusText}`,
  invalidJson: 'Invalid JSON response from server',
  noPlans: 'No subscription plans are currently available. Please try again later.',
} as const;

/**
 * The test screens (spec 2 §2, §8 "Other"): /linkedin-api-test, /linkedin-api-security-test,
 * /number-format-test and /stripe-test. The failures are picked by catalogue.ts; the states
 * (an empty field, an empty answer, no products) are read by the screens directly.
 */
export const testScreenTexts = {
  apiUsageFailed: 'Could not fetch API usage data. Please try again.',
  numberFormatFailedPrefix: 'Error testing number format: ',
  loadProductsFailedPrefix: 'Failed to load products: ',
  /** "{message or Unknown}". */
  unknown: 'Unknown',
  enterProfileUrl: 'Please enter a LinkedIn profile URL',
  noProfileData: 'Failed to retrieve profile data',
  /** §8 'No products found...' (the spec's ellipsis elides the rest; ours ends the sentence). */
  noProducts: 'No products found.',
  /** §2 "note that the test used 1 API call". */
  oneApiCall: 'This test used 1 API call.',
} as const;

/** /update-password turns these away (useRecoveryGate): only a recovery session gets the form. */
export const updatePasswordRefusals = {
  noRecoveryLink: 'Open this page from the link in your password reset email.',
  notARecoverySession:
    'This page only works from a password reset email. To change your password while signed in, use your profile, with your current password.',
  signedInElsewhere: (email: string) => `You are signed in as ${email}. Log out to use this password reset link.`,
} as const;
