-- Learning events waiting to be added to the insights pre-aggregations (see the schema's insight_unfolded).
CREATE TABLE "insight_unfolded" (
	"event_id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- library_counts gets a slot: the item's id modulo 16. Every save, move and delete of one person
-- used to update the same count row and hold it until it committed, so their writes ran one at a
-- time; consecutive new items now count in different rows.
ALTER TABLE "library_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "library_counts" DROP CONSTRAINT "library_counts_account_id_content_type_course_status_is_private_pk";--> statement-breakpoint
ALTER TABLE "library_counts" ADD CONSTRAINT "library_counts_account_id_content_type_course_status_is_private_slot_pk" PRIMARY KEY("account_id","content_type","course_status","is_private","slot");--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO library_counts AS kept (account_id, content_type, course_status, is_private, slot, n)
    SELECT account_id, content_type, coalesce(course_status, ''), is_private, id % 16, count(*)::int
    FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (account_id, content_type, course_status, is_private, slot) DO UPDATE SET n = kept.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO library_counts AS kept (account_id, content_type, course_status, is_private, slot, n)
    SELECT account_id, content_type, coalesce(course_status, ''), is_private, id % 16, -count(*)::int
    FROM old_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (account_id, content_type, course_status, is_private, slot) DO UPDATE SET n = kept.n + excluded.n;
  ELSE
    -- An edit of a title or a description changes no count: nothing is written then.
    INSERT INTO library_counts AS kept (account_id, content_type, course_status, is_private, slot, n)
    SELECT account_id, content_type, course_status, is_private, slot, sum(d)::int
    FROM (
      SELECT account_id, content_type, coalesce(course_status, '') AS course_status, is_private, id % 16 AS slot, 1 AS d FROM new_rows
      UNION ALL
      SELECT account_id, content_type, coalesce(course_status, ''), is_private, id % 16, -1 FROM old_rows
    ) AS changes
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (account_id, content_type, course_status, is_private, slot) DO UPDATE SET n = kept.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The counts kept so far, counted again by slot.
DELETE FROM library_counts;--> statement-breakpoint
INSERT INTO library_counts (account_id, content_type, course_status, is_private, slot, n)
SELECT account_id, content_type, coalesce(course_status, ''), is_private, id % 16, count(*)::int
FROM user_contents GROUP BY 1, 2, 3, 4, 5;
