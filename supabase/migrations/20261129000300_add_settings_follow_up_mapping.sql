-- Issue 36: a setting may map two optional properties for follow-ups — the person's next
-- follow-up date (a Notion date property) and their stage (a status or select property). Like
-- the profile-field columns, each holds a Notion property id, and a property serves one field
-- at most (the mapped-once rule now spans all twelve columns).
alter table public.settings
  add column next_follow_up text check (length(next_follow_up) between 1 and 100),
  add column stage text check (length(stage) between 1 and 100);

alter table public.settings drop constraint settings_property_mapped_once;
alter table public.settings add constraint settings_property_mapped_once check (private.all_distinct(array[
  profile_url, full_name, first_name, last_name, company, headline, summary, education, country, city,
  next_follow_up, stage]));

comment on column public.settings.next_follow_up is
  'The Notion date property holding the next follow-up (optional; issue 36).';
comment on column public.settings.stage is
  'The Notion status or select property holding the person''s stage (optional; issue 36).';
