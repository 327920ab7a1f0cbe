/**
 * Holds the state and keeps it on disk: `<dataDir>/notion.json`, written after every change
 * (atomically: a temporary file renamed over the old one), read back on the next start, so the
 * demo workspace keeps the user's edits between `npm start` runs. Without a data dir the state
 * lives in memory only (tests).
 *
 * Lookups are per workspace: a token sees its own workspace's objects and nothing else, and an
 * object of another workspace is "not found", exactly like an unshared page in Notion.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  BlockRecord,
  DatabaseRecord,
  DataSourceRecord,
  NotionState,
  PageRecord,
  UserRecord,
  WorkspaceRecord,
} from './model.ts';
import { upgradeState } from './state-upgrade.ts';

const STATE_FILE = 'notion.json';

export class NotionStore {
  private constructor(
    readonly state: NotionState,
    private readonly file: string | undefined,
  ) {}

  /** Opens the state of `dataDir` (seeding it with `seed()` the first time), or an in-memory one. */
  static open(dataDir: string | undefined, seed: () => NotionState): NotionStore {
    if (!dataDir) return new NotionStore(seed(), undefined);
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, STATE_FILE);
    let state: NotionState;
    try {
      state = upgradeState(JSON.parse(readFileSync(file, 'utf8')) as Parameters<typeof upgradeState>[0]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      state = seed();
    }
    const store = new NotionStore(state, file);
    store.save();
    return store;
  }

  /** Back to a new seed, keeping the workspaces' keys (the stack's functions and its tests hold them). */
  reset(seed: () => NotionState): void {
    const fresh = seed();
    fresh.workspaces.forEach(
      (workspace, i) => (workspace.tokens = this.state.workspaces[i]?.tokens ?? workspace.tokens),
    );
    Object.assign(this.state, fresh);
    this.save();
  }

  save(): void {
    if (!this.file) return;
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.state));
    renameSync(temporary, this.file);
  }

  workspaceOfToken(token: string): WorkspaceRecord | undefined {
    return this.state.workspaces.find((workspace) => workspace.tokens.includes(token));
  }

  user(workspaceId: string, id: string): UserRecord | undefined {
    return this.state.users.find((user) => user.id === id && user.workspaceId === workspaceId);
  }

  users(workspaceId: string): UserRecord[] {
    return this.state.users.filter((user) => user.workspaceId === workspaceId);
  }

  database(workspaceId: string, id: string): DatabaseRecord | undefined {
    return this.state.databases.find((db) => db.id === id && db.workspaceId === workspaceId);
  }

  databases(workspaceId: string): DatabaseRecord[] {
    return this.state.databases.filter((db) => db.workspaceId === workspaceId);
  }

  dataSource(workspaceId: string, id: string): DataSourceRecord | undefined {
    return this.state.dataSources.find((source) => source.id === id && source.workspaceId === workspaceId);
  }

  /** The data sources of a database, in the order they were added. */
  dataSourcesOf(databaseId: string): DataSourceRecord[] {
    return this.state.dataSources.filter((source) => source.databaseId === databaseId);
  }

  dataSources(workspaceId: string): DataSourceRecord[] {
    return this.state.dataSources.filter((source) => source.workspaceId === workspaceId);
  }

  page(workspaceId: string, id: string): PageRecord | undefined {
    return this.state.pages.find((page) => page.id === id && page.workspaceId === workspaceId);
  }

  pagesOf(dataSourceId: string): PageRecord[] {
    return this.state.pages.filter((page) => page.dataSourceId === dataSourceId);
  }

  pages(workspaceId: string): PageRecord[] {
    return this.state.pages.filter((page) => page.workspaceId === workspaceId);
  }

  /** Every stored block, in page order (created on first use: older states have none). */
  allBlocks(): BlockRecord[] {
    return (this.state.blocks ??= []);
  }

  block(workspaceId: string, id: string): BlockRecord | undefined {
    return this.allBlocks().find((block) => block.id === id && block.workspaceId === workspaceId);
  }

  /** A page's content blocks, in order. */
  blocksOf(pageId: string): BlockRecord[] {
    return this.allBlocks().filter((block) => block.pageId === pageId);
  }
}

/**
 * Timestamps of writes. Notion rounds page and database times down to the minute; the sandbox
 * keeps milliseconds so a test can see `last_edited_time` move on each write. Code must only
 * rely on "later or equal", which holds for both.
 */
export function notionNow(): string {
  return new Date().toISOString();
}
