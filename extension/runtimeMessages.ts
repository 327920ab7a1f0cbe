/**
 * The extension's own messages between its parts (chrome.runtime), checked with zod like the
 * window messages: the content script's scraped profile, the background's request for one, and
 * the side panel's port name (which window the panel belongs to). The side panel's port itself
 * carries the window protocol (src/domain/extension/protocol.ts) unchanged.
 */
import * as z from 'zod/mini';
import { scrapedProfileSchema } from '../src/domain/extension/protocol.ts';

/**
 * Content script → background: what the page at `url` shows (null: nothing readable); on a
 * person's page that is not their profile URL, the public profile link it shows (null: none).
 */
export const profileScraped = z.object({
  type: z.literal('PROFILE_SCRAPED'),
  url: z.string(),
  scrapedData: z.nullable(scrapedProfileSchema),
  profileUrl: z.optional(z.nullable(z.string())),
});
export type ProfileScraped = z.input<typeof profileScraped>;

/** Background → content script: read the profile now showing. */
export const scrapeRequest = z.object({ type: z.literal('SCRAPE_PROFILE') });
export type ScrapeRequest = z.output<typeof scrapeRequest>;

const PANEL_PORT_PREFIX = 'sidepanel/';
export const panelPortName = (windowId: number): string => `${PANEL_PORT_PREFIX}${windowId}`;

/** The window id a side panel port names, or null when the name is not a panel's. */
export function windowOfPanelPort(name: string): number | null {
  const parsed = z
    .string()
    .check(z.regex(/^sidepanel\/\d{1,12}$/))
    .safeParse(name);
  return parsed.success ? Number(parsed.data.slice(PANEL_PORT_PREFIX.length)) : null;
}
