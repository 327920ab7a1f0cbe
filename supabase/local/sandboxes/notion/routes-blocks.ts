/**
 * `PATCH /blocks/{id}/children` (append) and `GET /blocks/{id}/children` (list, paginated) for
 * a page's content: the block types Sidenote writes and shows (`BLOCK_TYPES`: paragraph,
 * heading_3, quote, callout), as direct children of a page.
 *
 * What must stay true:
 * - an append is checked whole before anything is stored (≤ 100 children, each a known type
 *   with rich text of ≤ 100 items of ≤ 2000 characters); a refused one stores nothing;
 * - appended blocks go at the end of the page, in order, and the answer lists them;
 * - a page in the trash refuses appends as Notion does ("Can't edit block that is archived");
 * - a block of another workspace, or no block at all, is `object_not_found`;
 * - what the sandbox does not emulate (nested children, `after`/`position`, other block
 *   types) is Notion's 400 `validation_error`, never a silently different answer.
 */
import { type Handler, isObject, type RequestContext } from './context.ts';
import { notFound, tooLong, validation } from './errors.ts';
import { newId, normalizeId } from './ids.ts';
import { BLOCK_TYPES, type BlockRecord, type BlockType } from './model.ts';
import { paginate, pageRequest } from './pagination.ts';
import { notionNow } from './store.ts';
import { trashFields, type ApiVersion } from './versions.ts';
import { ARRAY_MAX, richText } from './write-values.ts';

const isBlockType = (value: unknown): value is BlockType => (BLOCK_TYPES as readonly unknown[]).includes(value);

/** The page a block id names (a page is a block), or the stored block; else Notion's 400/404. */
function targetOf({ store, workspace, params }: RequestContext) {
  const id = normalizeId(params[0]);
  if (!id)
    throw validation(`path failed validation: path.block_id should be a valid uuid, instead was \`"${params[0]}"\`.`);
  const page = store.page(workspace.id, id);
  if (page) return { page, block: undefined };
  const block = store.block(workspace.id, id);
  if (block) return { page: undefined, block };
  throw notFound('block', id);
}

function render(block: BlockRecord, version: ApiVersion): Record<string, unknown> {
  const content: Record<string, unknown> = { rich_text: block.rich_text, color: block.color };
  if (block.type === 'callout') content.icon = block.icon;
  if (block.type === 'heading_3') content.is_toggleable = false;
  return {
    object: 'block',
    id: block.id,
    parent: { type: 'page_id', page_id: block.pageId },
    created_time: block.created_time,
    last_edited_time: block.last_edited_time,
    created_by: { object: 'user', id: block.created_by },
    last_edited_by: { object: 'user', id: block.last_edited_by },
    has_children: false,
    ...trashFields(version, false),
    type: block.type,
    [block.type]: content,
  };
}

function callout(value: unknown, path: string): unknown {
  if (value === undefined) return { type: 'emoji', emoji: '💡' };
  if (isObject(value) && typeof value.emoji === 'string') return { type: 'emoji', emoji: value.emoji };
  throw validation(
    `body failed validation: ${path}.icon should be an emoji, instead was \`${JSON.stringify(value)}\`.`,
  );
}

/** A child of the request, checked (before anything is stored). */
function child(value: unknown, index: number, ctx: RequestContext, pageId: string, now: string): BlockRecord {
  const path = `body.children[${index}]`;
  if (!isObject(value)) throw validation(`body failed validation: ${path} should be an object.`);
  const type = value.type ?? BLOCK_TYPES.find((candidate) => value[candidate] !== undefined);
  if (!isBlockType(type)) {
    throw validation(
      `body failed validation: ${path}.type should be one of ${BLOCK_TYPES.map((t) => `\`${t}\``).join(', ')} in this sandbox, instead was \`${JSON.stringify(type)}\`.`,
    );
  }
  const content = value[type];
  if (!isObject(content))
    throw validation(`body failed validation: ${path}.${type} should be defined, instead was \`undefined\`.`);
  if (content.children !== undefined) {
    throw validation(`body failed validation: this sandbox does not nest blocks (${path}.${type}.children).`);
  }
  return {
    id: newId(),
    workspaceId: ctx.workspace.id,
    pageId,
    type,
    rich_text: richText(content.rich_text, `${path}.${type}.rich_text`),
    color: typeof content.color === 'string' ? content.color : 'default',
    icon: type === 'callout' ? callout(content.icon, `${path}.${type}`) : null,
    created_time: now,
    last_edited_time: now,
    created_by: ctx.workspace.botId,
    last_edited_by: ctx.workspace.botId,
  };
}

const list = (results: unknown[], next_cursor: string | null, has_more: boolean) => ({
  object: 'list',
  results,
  next_cursor,
  has_more,
  type: 'block',
  block: {},
});

export const appendBlockChildren: Handler = (ctx) => {
  const { page, block } = targetOf(ctx);
  if (!page) throw validation(`body failed validation: this sandbox does not nest blocks (block ${block.id}).`);
  const { body } = ctx;
  if (body.after !== undefined || body.position !== undefined) {
    throw validation(
      'body failed validation: this sandbox appends at the end of a page only (body.after, body.position).',
    );
  }
  if (!Array.isArray(body.children)) {
    throw validation(
      `body failed validation: body.children should be an array, instead was \`${JSON.stringify(body.children)}\`.`,
    );
  }
  if (body.children.length > ARRAY_MAX) throw tooLong('body.children', ARRAY_MAX, body.children.length);
  if (page.archived)
    throw validation("Can't edit block that is archived. You must unarchive the block before editing.");
  const now = notionNow();
  const appended = body.children.map((value, index) => child(value, index, ctx, page.id, now));
  ctx.store.allBlocks().push(...appended);
  page.last_edited_time = now;
  page.last_edited_by = ctx.workspace.botId;
  return {
    body: list(
      appended.map((b) => render(b, ctx.version)),
      null,
      false,
    ),
    changed: true,
  };
};

export const listBlockChildren: Handler = (ctx) => {
  const { page } = targetOf(ctx);
  const blocks = page ? ctx.store.blocksOf(page.id) : [];
  const slice = paginate(blocks, pageRequest(Object.fromEntries(ctx.query), 'query'), (b) => b.id);
  return {
    body: list(
      slice.results.map((b) => render(b, ctx.version)),
      slice.next_cursor,
      slice.has_more,
    ),
  };
};
