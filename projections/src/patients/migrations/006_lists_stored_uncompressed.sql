-- A list row's arrays (about 6.6 kB for a registration's 93 procedures) are over the 2 kB past
-- which PostgreSQL compresses a row's values and moves them out of line, into the TOAST table.
-- Random uuids do not compress: each attempt failed after costing its time. Measured on
-- 10,000 lists (their indexes aside): 466–508 ms to insert as they were, 166 ms with the
-- values stored uncompressed (`external`), 97–147 ms with them also kept in the row while it
-- fits a page (`toast_tuple_target`); reading them back is as fast or faster (one page, no
-- TOAST lookups), for 8 % more space. A longer list (later bulk assignments) still moves its
-- largest arrays out of line, uncompressed. Only rows written from now on are affected (no
-- rewrite); the rebuild's copies take both settings (`createRebuildTables`).
alter table patient_procedure_lists
  alter column procedure_ids set storage external,
  alter column type_ids set storage external,
  alter column scheduled_dates set storage external,
  alter column ordinals set storage external;
alter table patient_procedure_lists set (toast_tuple_target = 8160);
