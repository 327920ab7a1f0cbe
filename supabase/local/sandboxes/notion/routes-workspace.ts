/**
 * `GET /users/me`, `GET /users` and `POST /search`: what the integration is, who is in its
 * workspace, and which databases (2022-06-28) or data sources (later versions) and pages it
 * can see (those of its own workspace only).
 *
 * What must stay true: search filters by `object` = `page` or `database` in 2022-06-28 (a
 * multi-source database, which that version cannot show, is left out), `page` or
 * `data_source` from 2025-09-03.
 */
import { type Handler, isObject } from './context.ts';
import { validation } from './errors.ts';
import { plainText } from './model.ts';
import { paginate, pageRequest } from './pagination.ts';
import { PageRenderer, renderDatabase, renderDataSource, renderUser } from './render.ts';
import { isLegacy } from './versions.ts';

export const usersMe: Handler = ({ store, workspace }) => ({
  body: renderUser(store.user(workspace.id, workspace.botId)!, workspace.name),
});

export const listUsers: Handler = ({ store, workspace, query }) => {
  const request = pageRequest(Object.fromEntries(query), 'query');
  const page = paginate(store.users(workspace.id), request, (user) => user.id);
  return {
    body: {
      object: 'list',
      results: page.results.map((user) => renderUser(user)),
      next_cursor: page.next_cursor,
      has_more: page.has_more,
      type: 'user',
      user: {},
    },
  };
};

export const search: Handler = ({ store, workspace, body, version }) => {
  const container = isLegacy(version) ? 'database' : 'data_source';
  const request = pageRequest(body, 'body');
  const text = body.query === undefined ? '' : body.query;
  if (typeof text !== 'string') throw validation('body failed validation: body.query should be a string.');
  let kinds = ['page', container];
  if (body.filter !== undefined) {
    const filter = body.filter;
    if (!isObject(filter) || filter.property !== 'object' || (filter.value !== 'page' && filter.value !== container)) {
      throw validation(
        `body failed validation: body.filter.value should be \`"page"\` or \`"${container}"\`, and body.filter.property should be \`"object"\`.`,
      );
    }
    kinds = [String(filter.value)];
  }
  let direction = 'descending';
  if (body.sort !== undefined) {
    const sort = body.sort;
    if (
      !isObject(sort) ||
      sort.timestamp !== 'last_edited_time' ||
      !['ascending', 'descending'].includes(String(sort.direction))
    ) {
      throw validation(
        'body failed validation: body.sort.timestamp should be `"last_edited_time"` and body.sort.direction `"ascending"` or `"descending"`.',
      );
    }
    direction = String(sort.direction);
  }

  const wanted = text.trim().toLowerCase();
  const found: { id: string; edited: string; render: () => unknown }[] = [];
  for (const db of store.databases(workspace.id)) {
    if (db.archived) continue;
    const sources = store.dataSourcesOf(db.id).filter((source) => !source.archived);
    if (kinds.includes('database') && sources.length === 1 && plainText(db.title).toLowerCase().includes(wanted)) {
      found.push({ id: db.id, edited: db.last_edited_time, render: () => renderDatabase(db, sources, version) });
    }
    for (const source of sources) {
      if (kinds.includes('data_source') && plainText(source.title).toLowerCase().includes(wanted)) {
        found.push({
          id: source.id,
          edited: source.last_edited_time,
          render: () => renderDataSource(source, db, version),
        });
      }
      if (!kinds.includes('page')) continue;
      const renderer = new PageRenderer(store, source, version);
      for (const page of store.pagesOf(source.id)) {
        if (page.archived || !renderer.titleOf(page).toLowerCase().includes(wanted)) continue;
        found.push({ id: page.id, edited: page.last_edited_time, render: () => renderer.page(page) });
      }
    }
  }
  const sign = direction === 'ascending' ? 1 : -1;
  found.sort((a, b) => sign * a.edited.localeCompare(b.edited) || a.id.localeCompare(b.id));
  const page = paginate(found, request, (item) => item.id);
  return {
    body: {
      object: 'list',
      results: page.results.map((item) => item.render()),
      next_cursor: page.next_cursor,
      has_more: page.has_more,
      type: `page_or_${container}`,
      [`page_or_${container}`]: {},
    },
  };
};
