/**
 * The route table against the spec's route tables (spec 1 §2, spec 2 §2): paths, guards,
 * header kinds, the 'Not logged in' screens, the extension's allowed set and the settings
 * flow; the typed path builders and the one path normaliser.
 */
import { describe, expect, test } from 'vitest';
import { normalisePath, routeOf, routes, ROUTE_IDS, ROUTES, type RouteInfo } from '../../src/domain/routing/routes.ts';

const SPEC: [string, Omit<RouteInfo, 'path'>][] = [
  ['/', { access: 'auth', header: 'plain', followsExtension: true }],
  ['/login', { access: 'guest', header: 'none' }],
  ['/register', { access: 'guest', header: 'none' }],
  ['/reset-password', { access: 'guest', header: 'none' }],
  ['/update-password', { access: 'open', header: 'none' }],
  // ours (issue 16): the sign-up confirmation link's landing
  ['/auth/callback', { access: 'open', header: 'none' }],
  ['/profile', { access: 'auth', header: 'back', signedOut: 'not-logged-in' }],
  ['/account', { access: 'auth', header: 'back' }],
  ['/notion-settings', { access: 'auth', header: 'settingsFlow', settings: 'list' }],
  ['/go-back-settings', { access: 'auth', header: 'plain', settings: 'list' }],
  ...[
    '/new-setting/select-workspace',
    '/new-setting/select-database',
    '/new-setting/linkedin-mapping',
    '/new-setting/completion',
  ].map((path): [string, Omit<RouteInfo, 'path'>] => [
    path,
    { access: 'auth', header: 'settingsFlow', signedOut: 'not-logged-in', settings: 'wizard' },
  ]),
  ['/missing-context', { access: 'auth', header: 'plain', followsExtension: true }],
  ['/not-linked-in', { access: 'auth', header: 'plain', followsExtension: true }],
  ['/unused-linked-in', { access: 'auth', header: 'plain', followsExtension: true }],
  ['/confirmed', { access: 'auth', header: 'plain' }],
  ['/notion-profile', { access: 'auth', header: 'plain', followsExtension: true, idParam: true }],
  // Beyond the spec (issue 36): the people whose next follow-up is due.
  ['/follow-ups', { access: 'auth', header: 'back' }],
  ['/cache-debug', { access: 'auth', header: 'plain', debugOnly: true }],
  ['/linkedin-api-test', { access: 'auth', header: 'plain', debugOnly: true }],
  ['/linkedin-api-security-test', { access: 'auth', header: 'plain', debugOnly: true }],
  ['/number-format-test', { access: 'auth', header: 'plain', debugOnly: true }],
  ['/stripe-test', { access: 'auth', header: 'plain', debugOnly: true }],
  ['/admin', { access: 'admin', header: 'plain' }],
  ['/admin/stripe-sync-logs', { access: 'admin', header: 'plain' }],
  ['/admin/daily-quota-reset-log', { access: 'admin', header: 'plain' }],
];

describe('the table is the spec', () => {
  test('one route per spec path, no other', () => {
    expect(ROUTE_IDS.map((id) => ROUTES[id].path).sort()).toEqual(SPEC.map(([path]) => path).sort());
  });
  test.each(SPEC)('%s', (path, info) => {
    const id = routeOf(path);
    expect(id).not.toBeNull();
    expect(ROUTES[id!]).toEqual({ path, ...info });
  });
});

describe('normalisePath and routeOf', () => {
  test.each([
    ['/', '/'],
    ['', '/'],
    ['/profile/', '/profile'],
    ['/profile//', '/profile'],
    ['/notion-profile?id=1', '/notion-profile'],
    ['/account#plans', '/account'],
    ['/?url=https%3A%2F%2Fx', '/'],
  ])('%j → %j', (path, bare) => expect(normalisePath(path)).toBe(bare));

  test('unknown paths belong to no route', () => {
    expect(routeOf('/somewhere/else')).toBeNull();
    expect(routeOf('/profiles')).toBeNull();
  });
  test('a path with query and trailing slash finds its route', () => {
    expect(routeOf('/new-setting/completion/?workspace_id=a')).toBe('completion');
  });
  test('the page id as a last path segment, only where the route takes one', () => {
    expect(routeOf('/notion-profile/0b7a9c1e')).toBe('notionProfile');
    expect(routeOf('/notion-profile/0b7a9c1e/?isRelation=true')).toBe('notionProfile');
    expect(routeOf('/notion-profile/0b7a9c1e/more')).toBeNull();
    expect(routeOf('/account/plans')).toBeNull();
    expect(routeOf('/profile/1')).toBeNull();
  });
});

describe('path builders', () => {
  const profile = 'https://www.linkedin.com/in/jane-doe';
  test.each([
    [routes.root(), '/'],
    [routes.root({ url: profile }), `/?url=${encodeURIComponent(profile)}`],
    [routes.login(), '/login'],
    [routes.login({ registered: 'success' }), '/login?registered=success'],
    [routes.goBackSettings(), '/go-back-settings'],
    [routes.firstVisit(), '/confirmed'],
    [routes.selectDatabase({ workspace_id: 'w 1' }), '/new-setting/select-database?workspace_id=w%201'],
    [
      routes.linkedinMapping({ workspace_id: 'w', database_id: 'd', data_source_id: 's', edit_mode: 'true' }),
      '/new-setting/linkedin-mapping?workspace_id=w&database_id=d&data_source_id=s&edit_mode=true',
    ],
    [
      routes.linkedinMapping({ workspace_id: 'w', database_id: 'd', data_source_id: 's', edit_mode: undefined }),
      '/new-setting/linkedin-mapping?workspace_id=w&database_id=d&data_source_id=s',
    ],
    [
      routes.completion({ workspace_id: 'w', database_id: 'd', data_source_id: 's' }),
      '/new-setting/completion?workspace_id=w&database_id=d&data_source_id=s',
    ],
    [routes.notionProfile({ id: 'abc' }), '/notion-profile?id=abc'],
    [
      routes.notionProfile({ id: 'abc', title: 'Jane & co', notionUrl: 'https://notion.so/abc' }),
      `/notion-profile?id=abc&title=Jane%20%26%20co&notionUrl=${encodeURIComponent('https://notion.so/abc')}`,
    ],
  ])('%s', (built, expected) => expect(built).toBe(expected));

  test('every built path belongs to its route', () => {
    expect(routeOf(routes.notionProfile({ id: 'x' }))).toBe('notionProfile');
    expect(routeOf(routes.root({ url: profile }))).toBe('root');
  });
});
