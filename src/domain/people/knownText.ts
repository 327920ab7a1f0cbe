/**
 * Whether a scraped or stored text is a value at all: blank, and the placeholders scrapers write
 * for "no value" ("Not found" — the extension's —, "N/A", "-"), are not. Its own module: the
 * capture path needs it (`scrapedPerson`) without the rest of src/domain/people.
 */
const NO_VALUE = new Set(['not found', 'n/a', 'na', 'none', '-', '—']);

export const isKnownText = (text: string | null | undefined): text is string =>
  typeof text === 'string' && text.trim() !== '' && !NO_VALUE.has(text.trim().toLowerCase());
