-- Issue 14: Notion databases are containers of data sources (API 2025-09-03 on). A setting names
-- the data source that holds the contacts beside its database. Rows saved before this (database id
-- only) keep working: the column is null until the app discovers their data source on first use.
alter table public.settings
  add column notion_data_source_id text
  check (notion_data_source_id ~ '^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$');
comment on column public.settings.notion_data_source_id is
  'The Notion data source (inside notion_db_id) that holds the contacts; null on a row saved before '
  'data sources, until the app discovers it on first use.';

-- "Already used" holds per data source: one user may keep two settings on one database when they
-- name different data sources of it. A row whose data source is not known yet still claims its
-- whole database against other such rows.
drop index public.settings_database_unique_per_user;
create unique index settings_data_source_unique_per_user
  on public.settings (user_id, lower(replace(notion_data_source_id, '-', '')))
  where notion_data_source_id is not null;
create unique index settings_database_unique_per_user
  on public.settings (user_id, lower(replace(notion_db_id, '-', '')))
  where notion_data_source_id is null;
comment on index public.settings_data_source_unique_per_user is
  'One data source per user across settings ("This data source is already used in an existing '
  'setting."), with or without the dashes of the Notion id.';
comment on index public.settings_database_unique_per_user is
  'Rows whose data source is not discovered yet: one database per user among them.';
