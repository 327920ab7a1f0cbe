-- anon gets no function but the sign-up e-mail check. On Supabase, functions created in public
-- are executable by anon and authenticated through default privileges; each function above
-- already refuses anon in its body, and this makes the refusal a privilege too (PostgREST
-- answers 42501 before the body runs). Future functions in public start without anon as well.

revoke execute on all functions in schema public from anon;
grant execute on function public.check_email_exists(text) to anon;
alter default privileges in schema public revoke execute on functions from anon;

comment on function public.check_email_exists(text) is
  'Sign-up pre-check (spec: "This email is already registered…"). The only function anon may '
  'call, because the register screen needs it before any session; it answers only true/false, '
  'case-insensitively. It does reveal whether an address has an account, as the spec''s message '
  'does anyway.';
