-- The second and third names' indexes cover every row, as the first one's does. Partial, they
-- left the planner without statistics for those positions (it ignores a partial index's): it
-- took any name for 0.5 % of the log there, and for a name nobody else carries (a search's
-- own text, recorded by the search) walked the whole log newest first to fill a page, 140 ms
-- on 450,000 rows instead of 1 ms. Nine rows in ten have a second name; rows without one add
-- a deduplicated null entry. (Statistics objects on the two expressions gave the same
-- estimates but cost 8–12 ms of planning for a search matching 800 names.)
drop index audit_log_by_search_term_2;
drop index audit_log_by_search_term_3;
create index audit_log_by_search_term_2 on audit_log ((search_terms[2]));
create index audit_log_by_search_term_3 on audit_log ((search_terms[3]));
analyze audit_log;
