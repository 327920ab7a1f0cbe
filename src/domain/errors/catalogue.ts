/**
 * The message catalogue: (context, error reason) → the text the user reads, copied from the
 * spec's error catalogues (spec 1 §8, spec 2 §8). One source for every error text a screen
 * shows; screens render what `messageFor` returns and never pick a text themselves.
 *
 * Rules that hold for every context:
 * - a context lists texts for the reasons it distinguishes (`byKind`), for local checks by
 *   field (`byField`, validation errors raised by the app itself), and a `fallback`;
 * - "plus the service's message" texts receive `detailOf(error)`: the service's own text, but
 *   for a connection failure the offline state's words instead of a raw fetch error.
 */
import { adminTexts as admin } from '../admin/adminTexts.ts';
import { EMAIL_ALREADY_REGISTERED, isAlreadyRegisteredError, PASSWORD_CHANGE_INVALID } from '../auth/passwordRules.ts';
import { DATABASE_ALREADY_USED } from '../settings/databaseChoices.ts';
import { NAME_TAKEN } from '../settings/nameRules.ts';
import type { ReasonedError, ReasonKind } from './reason.ts';
import { messages as m, propertyTexts, relationTexts as r, testScreenTexts as t } from './messages.ts';

export type ErrorContext = keyof typeof CATALOGUE;

type Text = string | ((error: ReasonedError) => string);

interface Entry {
  byKind?: Partial<Record<ReasonKind, Text>>;
  byField?: Record<string, Text>;
  fallback: Text;
}

/** The service's text, or the offline state's words for a connection failure. */
export function detailOf(error: ReasonedError): string {
  switch (error.reason.kind) {
    case 'offline':
      return m.offline;
    case 'network':
      return m.network;
    case 'timeout':
      return m.timeout;
    case 'quotaExceeded':
      return error.reason.quota === 'deviceStorage' ? m.storageFull : error.message.trim() || m.unknownDetail;
    default:
      return error.message.trim() || m.unknownDetail;
  }
}

const withDetail =
  (prefix: string): Text =>
  (error) =>
    `${prefix}${detailOf(error)}`;

/** The service's text as is (spec 1 §8 "Login and register show the authentication error text"). */
const serviceText: Text = (error) => detailOf(error);

const CATALOGUE = {
  login: { fallback: serviceText },
  register: {
    byKind: { conflict: EMAIL_ALREADY_REGISTERED },
    fallback: (error) => (isAlreadyRegisteredError(error.message) ? EMAIL_ALREADY_REGISTERED : detailOf(error)),
  },
  resetPassword: { fallback: serviceText },
  updatePassword: { fallback: serviceText },

  loadProfile: {
    byKind: { unauthorized: m.userUnavailable, notFound: m.userUnavailable },
    fallback: m.unexpectedError,
  },
  uploadAvatar: { byField: { file: serviceText }, byKind: { unauthorized: m.loginToUpload }, fallback: m.uploadFailed },
  deleteAvatar: { byKind: { unauthorized: m.sessionExpired }, fallback: m.deleteFailed },
  changePassword: {
    byField: { form: PASSWORD_CHANGE_INVALID },
    byKind: {
      unauthorized: m.sessionExpired,
      offline: withDetail(m.passwordChangeFailedPrefix),
      network: withDetail(m.passwordChangeFailedPrefix),
      timeout: withDetail(m.passwordChangeFailedPrefix),
      validation: withDetail(m.passwordChangeFailedPrefix),
      forbidden: withDetail(m.passwordChangeFailedPrefix),
      server: withDetail(m.passwordChangeFailedPrefix),
    },
    fallback: m.unexpectedError,
  },

  loadAccount: { byKind: { unauthorized: m.noActiveSession }, fallback: serviceText },
  /** The billing calls (spec 2 §8 "server error field shown, else …": the data layer carries the fallback). */
  loadPlans: { fallback: serviceText },
  subscriptionStatus: { fallback: serviceText },
  checkout: { fallback: serviceText },
  customerPortal: { fallback: serviceText },

  loadWorkspaces: { fallback: m.workspacesFailed },
  checkKey: { fallback: withDetail(m.errorPrefix) },
  validateKey: { byField: { key: serviceText }, fallback: m.keyValidationFailed },
  addWorkspace: {
    byKind: { conflict: (error) => error.message.trim() || `${m.errorPrefix}${m.unknownDetail}` },
    fallback: withDetail(m.savingErrorPrefix),
  },
  countWorkspaceUsers: { fallback: m.removalUserError },
  removeWorkspace: {
    byKind: { conflict: (error) => error.message.trim() || m.removalError },
    fallback: m.removalFailed,
  },
  workspaceDetails: { fallback: withDetail(m.errorPrefix) },

  workspace: {
    byField: { workspaceId: m.noWorkspaceSelected, notionKey: m.noKey },
    byKind: { notFound: m.workspaceNotFound },
    fallback: m.workspaceDetailsFailed,
  },
  loadDatabases: { fallback: withDetail(m.databasesFailedPrefix) },
  loadProperties: {
    byField: { databaseId: m.missingIds, properties: m.noProperties },
    fallback: withDetail(m.propertiesFailedPrefix),
  },
  saveSetting: {
    byKind: { unauthorized: m.userNotAuthenticated },
    // the database's unique rules (a save racing the screens' checks): the screens' own texts
    byField: { profile: m.profileNotFound, name: NAME_TAKEN, database: DATABASE_ALREADY_USED },
    fallback: withDetail(m.saveSettingFailedPrefix),
  },
  settingNames: { fallback: m.nameUniquenessUnverified },

  /** An outbox entry that Notion refused for good (src/data/outbox), as its failed list shows it. */
  updatePageProperties: { fallback: withDetail(m.updatePagePropertiesFailedPrefix) },
  archivePage: { fallback: withDetail(m.archivePageFailedPrefix) },
  /** A relation edit (spec 2 §8 "Relation alerts"): queuing it here, or the related page's archive. */
  addRelation: { fallback: r.updateFailed },
  removeRelation: { fallback: withDetail(r.removeFailedPrefix) },
  archiveRelatedPage: { fallback: withDetail(r.archiveFailedPrefix) },
  /** The add-relation modal (spec 2 §8): its pages, its search, a page created in it. */
  loadRelatedPages: {
    byField: { relationParameters: r.missingParameters, relationTarget: r.targetNotFound },
    fallback: withDetail(r.loadFailedPrefix),
  },
  searchRelatedPages: { fallback: withDetail(r.searchFailedPrefix) },
  createRelatedPage: { fallback: withDetail(r.createFailedPrefix) },
  /** A page view's read of the page (not found or not shared leads to MissingContext instead). */
  loadPage: { fallback: withDetail(m.pageFetchFailedPrefix) },
  /** Queuing a property edit on this device (the outbox): the browser refused to store it. */
  saveProperty: { byField: { propertyType: serviceText, relation: serviceText }, fallback: withDetail('Error: ') },
  /** The Follow-ups screen's one query (issue 36). */
  loadFollowUps: { fallback: withDetail('Error: ') },
  /** Deleting a select or multi-select option from the data source's schema (spec 2 §8). */
  deleteOption: { fallback: withDetail(propertyTexts.deleteOptionFailedPrefix) },
  /** Reading the workspace's users for a people property (the add list). */
  loadUsers: { fallback: withDetail('Error: ') },
  /** Retry, Discard, Keep mine, Take theirs in the outbox panel. */
  outboxChoice: { byKind: { conflict: m.changeBeingSent }, fallback: withDetail(m.outboxChoiceFailedPrefix) },

  /** The Customize Properties Display modal: the database's properties, then the order saved. */
  loadDisplayProperties: {
    byField: { setting: m.missingSettingOrKey },
    fallback: withDetail(m.loadPropertiesFailedPrefix),
  },
  saveDisplayConfig: { fallback: withDetail(m.savePropertyOrderFailedPrefix) },
  /** "Don't show again" on the first-time modal. */
  saveCustomizeHelp: { fallback: m.saveHelpPreferenceFailed },

  /** The admin dashboard (spec 2 §8 "Admin"): the search, the bulk delete, the environment badge. */
  searchUsers: { byField: { term: admin.searchTermRequired }, fallback: withDetail(admin.searchFailedPrefix) },
  deleteUsers: { fallback: withDetail(admin.deleteFailedPrefix) },
  databaseInfo: { fallback: admin.databaseInfoFailed },
  /** Sync Now (spec 2 §8 "alert 'Sync failed: {message}'"); reading either log shows the service's text. */
  syncStripe: { fallback: withDetail(admin.syncFailedPrefix) },
  loadAdminLogs: { fallback: serviceText },

  checkProfile: {
    byField: { notionKey: m.noSettingOrKey, mapping: m.incompleteConfiguration },
    fallback: withDetail(m.checkProfileFailedPrefix),
  },
  addProfile: {
    byField: { url: m.notAProfileUrl, lookupIncomplete: m.lookupIncomplete },
    byKind: {
      rateLimited: m.rateLimitedUi,
      quotaExceeded: (error) =>
        error.reason.kind === 'quotaExceeded' && error.reason.quota === 'linkedinImports'
          ? m.importQuotaExceeded
          : m.providerQuotaExceeded,
    },
    // "other 'Error: {message}'" (spec 2 §8), unless the server's text already opens with Error.
    fallback: (error) => {
      const detail = detailOf(error);
      return detail.startsWith('Error') ? detail : `${m.errorPrefix}${detail}`;
    },
  },

  // The test screens (spec 2 §8 "Other"); the profile fetch test reads `addProfile`'s texts.
  loadApiUsage: { fallback: t.apiUsageFailed },
  numberFormatTest: { byField: { setting: m.missingSettingOrKey }, fallback: withDetail(t.numberFormatFailedPrefix) },
  loadTestProducts: {
    fallback: (error) => `${t.loadProductsFailedPrefix}${error.message.trim() ? detailOf(error) : t.unknown}`,
  },
} satisfies Record<string, Entry>;

export const ERROR_CONTEXTS = Object.keys(CATALOGUE) as ErrorContext[];

/** The text to show for this failure in this context. */
export function messageFor(context: ErrorContext, error: ReasonedError): string {
  const step = error.context;
  const entry: Entry = step !== undefined && step in CATALOGUE ? CATALOGUE[step as ErrorContext] : CATALOGUE[context];
  const { reason } = error;
  const text =
    (reason.kind === 'validation' && reason.field !== undefined ? entry.byField?.[reason.field] : undefined) ??
    entry.byKind?.[reason.kind] ??
    entry.fallback;
  return typeof text === 'string' ? text : text(error);
}
