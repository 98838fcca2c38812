-- library_counts is kept by the database itself, in the transaction of every write to
-- user_contents (the library's routes, course moves, catalog merges, bulk statements, cascades from
-- content_items and accounts). Statement-level triggers with transition tables: a bulk statement
-- (an import, a seed) updates each person's few counts once, not once per row. The buckets are
-- upserted in key order, so two writers lock them in the same order and never deadlock; the upsert
-- makes concurrent first saves of a bucket safe on PostgreSQL.
CREATE FUNCTION library_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO library_counts AS kept (account_id, content_type, course_status, is_private, n)
    SELECT account_id, content_type, coalesce(course_status, ''), is_private, count(*)::int
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (account_id, content_type, course_status, is_private) DO UPDATE SET n = kept.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO library_counts AS kept (account_id, content_type, course_status, is_private, n)
    SELECT account_id, content_type, coalesce(course_status, ''), is_private, -count(*)::int
    FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (account_id, content_type, course_status, is_private) DO UPDATE SET n = kept.n + excluded.n;
  ELSE
    -- An edit of a title or a description changes no count: nothing is written then.
    INSERT INTO library_counts AS kept (account_id, content_type, course_status, is_private, n)
    SELECT account_id, content_type, course_status, is_private, sum(d)::int
    FROM (
      SELECT account_id, content_type, coalesce(course_status, '') AS course_status, is_private, 1 AS d FROM new_rows
      UNION ALL
      SELECT account_id, content_type, coalesce(course_status, ''), is_private, -1 FROM old_rows
    ) AS changes
    GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (account_id, content_type, course_status, is_private) DO UPDATE SET n = kept.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION library_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM library_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_counts_insert AFTER INSERT ON user_contents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION library_counts_apply();
--> statement-breakpoint
CREATE TRIGGER library_counts_update AFTER UPDATE ON user_contents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION library_counts_apply();
--> statement-breakpoint
CREATE TRIGGER library_counts_delete AFTER DELETE ON user_contents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION library_counts_apply();
--> statement-breakpoint
CREATE TRIGGER library_counts_truncate AFTER TRUNCATE ON user_contents
  FOR EACH STATEMENT EXECUTE FUNCTION library_counts_clear();
--> statement-breakpoint
-- The libraries saved before this migration.
INSERT INTO library_counts (account_id, content_type, course_status, is_private, n)
SELECT account_id, content_type, coalesce(course_status, ''), is_private, count(*)::int
FROM user_contents GROUP BY 1, 2, 3, 4;
