/**
 * The route table of the spec (spec 1 §2, spec 2 §2): every path the app serves, who may open
 * it, what the header shows there, where the extension may navigate from, and the settings
 * flow of the origin rule — plus one typed path builder per route and the one path normaliser.
 *
 * This is the only module that spells a route path: the router (src/app/router.tsx) maps each
 * id to its screen, and the guards, header, settings origin, extension navigation, screens and
 * tests build paths here. `npm run lint` fails on a route string anywhere else in src/ or sw/.
 * Only routes whose screens exist are listed; every other path shows NotLinkedIn (auth).
 */

/** auth: needs a session (else /login); guest: signed-out only (else /); open: anyone; admin: auth + admin (else /account). */
export type Access = 'auth' | 'guest' | 'open' | 'admin';

/** none: no header (auth pages); plain: no back button; back: 'Back'; settingsFlow: 'Exit Notion settings'. */
export type HeaderKind = 'none' | 'plain' | 'back' | 'settingsFlow';

export interface RouteInfo {
  path: string;
  access: Access;
  header: HeaderKind;
  /** A signed-out visit shows 'Not logged in … You must be logged in' instead of going to /login. */
  signedOut?: 'not-logged-in';
  /** The extension may navigate from here to a profile (spec 1 §2 "Extension navigation"). */
  followsExtension?: true;
  /** The settings list and the wizard steps (origin rule, spec 1 §2). */
  settings?: 'list' | 'wizard';
  /** The screen also takes its `id` as a last path segment: `/notion-profile/{id}` (spec 2 §2). */
  idParam?: true;
  /** Only for users granted debug mode (issue 20): anyone else is sent to /. */
  debugOnly?: true;
}

const TABLE = {
  root: { path: '/', access: 'auth', header: 'plain', followsExtension: true },
  login: { path: '/login', access: 'guest', header: 'none' },
  register: { path: '/register', access: 'guest', header: 'none' },
  resetPassword: { path: '/reset-password', access: 'guest', header: 'none' },
  updatePassword: { path: '/update-password', access: 'open', header: 'none' },
  /** Ours (issue 16): where the sign-up confirmation link leads (the auth server's redirect). */
  authCallback: { path: '/auth/callback', access: 'open', header: 'none' },
  profile: { path: '/profile', access: 'auth', header: 'back', signedOut: 'not-logged-in' },
  account: { path: '/account', access: 'auth', header: 'back' },
  notionSettings: { path: '/notion-settings', access: 'auth', header: 'settingsFlow', settings: 'list' },
  goBackSettings: { path: '/go-back-settings', access: 'auth', header: 'plain', settings: 'list' },
  selectWorkspace: wizardStep('/new-setting/select-workspace'),
  selectDatabase: wizardStep('/new-setting/select-database'),
  linkedinMapping: wizardStep('/new-setting/linkedin-mapping'),
  completion: wizardStep('/new-setting/completion'),
  missingContext: { path: '/missing-context', access: 'auth', header: 'plain', followsExtension: true },
  notLinkedIn: { path: '/not-linked-in', access: 'auth', header: 'plain', followsExtension: true },
  unusedLinkedIn: { path: '/unused-linked-in', access: 'auth', header: 'plain', followsExtension: true },
  firstVisit: { path: '/confirmed', access: 'auth', header: 'plain' },
  notionProfile: { path: '/notion-profile', access: 'auth', header: 'plain', followsExtension: true, idParam: true },
  /** The people whose next follow-up is due (issue 36). */
  followUps: { path: '/follow-ups', access: 'auth', header: 'back' },
  /** The local state: the cached active setting (French labels), tables, TTLs, outbox, worker (spec 2 §2). */
  cacheDebug: { path: '/cache-debug', access: 'auth', header: 'plain', debugOnly: true },
  /** Profile fetch test: fetch one profile through get-profile-data-by-url (spec 2 §2). */
  linkedinApiTest: { path: '/linkedin-api-test', access: 'auth', header: 'plain', debugOnly: true },
  /** Security test: the edge function's answer, its config diagnostics and the last 10 api_usage rows (spec 2 §2). */
  linkedinApiSecurityTest: { path: '/linkedin-api-security-test', access: 'auth', header: 'plain', debugOnly: true },
  /** Number format test: the active setting database's properties as JSON (spec 2 §2). */
  numberFormatTest: { path: '/number-format-test', access: 'auth', header: 'plain', debugOnly: true },
  /** Payment-provider test: products, sample plans, simulated subscription states (spec 2 §2). */
  stripeTest: { path: '/stripe-test', access: 'auth', header: 'plain', debugOnly: true },
  /** The admin dashboard: user search, details, bulk delete (spec 2 §2). */
  admin: { path: '/admin', access: 'admin', header: 'plain' },
  /** Weekly Stripe Sync Logs: Sync Now, the last run, the history and each run's teams (spec 2 §2). */
  stripeSyncLogs: { path: '/admin/stripe-sync-logs', access: 'admin', header: 'plain' },
  /** Daily Quota Reset Log: every run of the quota reset (spec 2 §2). */
  dailyQuotaResetLog: { path: '/admin/daily-quota-reset-log', access: 'admin', header: 'plain' },
} satisfies Record<string, RouteInfo>;

function wizardStep(path: string): RouteInfo {
  return { path, access: 'auth', header: 'settingsFlow', signedOut: 'not-logged-in', settings: 'wizard' };
}

export type RouteId = keyof typeof TABLE;
export const ROUTES: Readonly<Record<RouteId, RouteInfo>> = TABLE;
export const ROUTE_IDS = Object.keys(TABLE) as RouteId[];

/** A path without its query, fragment and trailing slashes: `/profile/?a=1` → `/profile`. */
export function normalisePath(path: string): string {
  return path.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
}

/** The router's pattern of a route with an id parameter: `/notion-profile/:id`. */
export const idParamPattern = (info: RouteInfo): string => `${info.path}/:id`;

/** The route a path (with or without query) belongs to, or null for an unknown path. */
export function routeOf(path: string): RouteId | null {
  const bare = normalisePath(path);
  const withId = (info: RouteInfo) => info.idParam && /^[^/]+$/.test(bare.slice(info.path.length + 1));
  return (
    ROUTE_IDS.find((id) => ROUTES[id].path === bare) ??
    ROUTE_IDS.find((id) => bare.startsWith(`${ROUTES[id].path}/`) && withId(ROUTES[id])) ??
    null
  );
}

type Query = Record<string, string | undefined>;

/** `path?k=v&…` with each value URI-encoded; undefined values are left out. */
function withQuery(path: string, query: Query = {}): string {
  const pairs = Object.entries(query)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

const plain = (id: RouteId) => () => ROUTES[id].path;

/** The wizard's choice: the workspace, the database and its data source that holds the contacts. */
type ChoiceQuery = {
  workspace_id: string;
  database_id: string;
  data_source_id: string;
};

type MappingQuery = ChoiceQuery & {
  edit_mode?: 'true';
  from_completion?: 'true';
};

/** Relation mode (spec 2 §2): the page whose relation led here, its title and the relation's name. */
type RelationQuery = {
  isRelation: 'true';
  sourceId: string;
  sourceTitle: string;
  sourceProperty: string;
};

/** The path of each route, with its typed query: `routes.notionProfile({ id })`. */
export const routes = {
  /** Root; with `url` it is the NewProfile screen for that profile. */
  root: (query: { url?: string } = {}) => withQuery(ROUTES.root.path, query),
  /** `registered`: the verification mail was sent; `confirmed`: the address was just confirmed. */
  login: (query: { registered?: 'success'; confirmed?: 'true' } = {}) => withQuery(ROUTES.login.path, query),
  register: plain('register'),
  resetPassword: plain('resetPassword'),
  updatePassword: plain('updatePassword'),
  authCallback: plain('authCallback'),
  profile: plain('profile'),
  account: plain('account'),
  notionSettings: plain('notionSettings'),
  goBackSettings: plain('goBackSettings'),
  selectWorkspace: plain('selectWorkspace'),
  selectDatabase: (query: { workspace_id: string }) => withQuery(ROUTES.selectDatabase.path, query),
  linkedinMapping: (query: MappingQuery) => withQuery(ROUTES.linkedinMapping.path, query),
  completion: (query: ChoiceQuery) => withQuery(ROUTES.completion.path, query),
  missingContext: plain('missingContext'),
  notLinkedIn: plain('notLinkedIn'),
  unusedLinkedIn: plain('unusedLinkedIn'),
  firstVisit: plain('firstVisit'),
  /**
   * NotionProfile: page `id`; `title` and `notionUrl` when the caller already knows them; a
   * related page opened from a relation (relation mode) names where it was opened from.
   */
  notionProfile: (query: { id: string; title?: string; notionUrl?: string } & Partial<RelationQuery>) =>
    withQuery(ROUTES.notionProfile.path, query),
  followUps: plain('followUps'),
  cacheDebug: plain('cacheDebug'),
  linkedinApiTest: plain('linkedinApiTest'),
  linkedinApiSecurityTest: plain('linkedinApiSecurityTest'),
  numberFormatTest: plain('numberFormatTest'),
  stripeTest: plain('stripeTest'),
  admin: plain('admin'),
  stripeSyncLogs: plain('stripeSyncLogs'),
  dailyQuotaResetLog: plain('dailyQuotaResetLog'),
} satisfies Record<RouteId, (query: never) => string>;
