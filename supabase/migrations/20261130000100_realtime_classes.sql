-- Live changes (issue 30): a class scheduled, moved or cancelled reaches its students without a reload.
-- Supabase Realtime (and the local gateway's) sends a change only to subscribers whose row security lets
-- them select the row, so adding the table exposes nothing the REST API does not.
alter publication supabase_realtime add table public.classes;
