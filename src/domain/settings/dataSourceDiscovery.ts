/**
 * Which data source a setting saved before data sources means (issue 14: "existing settings
 * with only a database id get their data source on first use"). Such a setting was made when
 * its database had one source, whose properties the mapping names by id. If the database has
 * gained sources since, the contacts are in the source holding the mapped properties: the
 * first (in Notion's order, the original comes first) holding them all, else the first holding
 * the profile URL property, else the first.
 */
import type { Mapping } from './mapping.ts';

export interface SourceSchema {
  id: string;
  propertyIds: readonly string[];
}

export function legacyDataSource(sources: readonly SourceSchema[], mapping: Mapping): string | undefined {
  const mapped = Object.values(mapping).filter((id): id is string => Boolean(id));
  const holdsAll = sources.find((source) => mapped.every((id) => source.propertyIds.includes(id)));
  const holdsUrl = sources.find((source) => mapping.profileUrl && source.propertyIds.includes(mapping.profileUrl));
  return (holdsAll ?? holdsUrl ?? sources[0])?.id;
}
