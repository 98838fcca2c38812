-- Insights pre-aggregations: a query filters team_key and grain together (the company-wide
-- rows of one grain); without joint statistics the planner multiplies their selectivities, misjudges
-- the rows by 10x and scans the whole table instead of the key range.
CREATE STATISTICS IF NOT EXISTS "insight_totals_key_stats" (mcv) ON "team_key", "grain" FROM "insight_totals";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "insight_learners_key_stats" (mcv) ON "team_key", "grain" FROM "insight_learners";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "insight_learner_periods_key_stats" (mcv) ON "team_key", "grain" FROM "insight_learner_periods";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "insight_skills_key_stats" (mcv) ON "team_key", "grain" FROM "insight_skills";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "insight_contents_key_stats" (mcv) ON "team_key", "grain" FROM "insight_contents";--> statement-breakpoint
-- Insights: how many items of each plan each person has done, kept by the database as
-- progress, library courses, learning paths and plans change, so a company's dashboard reads one row
-- per assignment instead of re-deriving every (person, item) pair. "Done" is the plans' own rule:
-- marked done in a learning path, or a course finalized in the library.
CREATE OR REPLACE FUNCTION insight_plan_done_count(p_plan integer, p_account integer) RETURNS integer LANGUAGE sql STABLE AS $$
  select count(*)::int
  from (select distinct ci.content_id from plan_collections pc join collection_items ci on ci.collection_id = pc.collection_id where pc.plan_id = p_plan) c
  where exists (select 1 from content_progress cp where cp.account_id = p_account and cp.content_id = c.content_id)
     or exists (select 1 from user_contents u where u.account_id = p_account and u.content_id = c.content_id and u.course_status = 'finalized')
$$;--> statement-breakpoint
-- One person's count on every plan holding this item.
CREATE OR REPLACE FUNCTION insight_refresh_person(p_account integer, p_content integer) RETURNS void LANGUAGE sql AS $$
  insert into insight_plan_done (plan_id, account_id, done)
  select p.plan_id, p_account, insight_plan_done_count(p.plan_id, p_account)
  from (select distinct pc.plan_id from plan_collections pc join collection_items ci on ci.collection_id = pc.collection_id where ci.content_id = p_content) p
  where exists (select 1 from accounts a where a.id = p_account)
  order by 1
  on conflict (plan_id, account_id) do update set done = excluded.done
$$;--> statement-breakpoint
-- Everyone's count on one plan (its items changed).
CREATE OR REPLACE FUNCTION insight_refresh_plan(p_plan integer) RETURNS void LANGUAGE sql AS $$
  delete from insight_plan_done where plan_id = p_plan;
  insert into insight_plan_done (plan_id, account_id, done)
  select p_plan, d.account_id, count(distinct d.content_id)::int
  from (select distinct ci.content_id from plan_collections pc join collection_items ci on ci.collection_id = pc.collection_id where pc.plan_id = p_plan) c
  join (select cp.account_id, cp.content_id from content_progress cp
        union select u.account_id, u.content_id from user_contents u where u.course_status = 'finalized') d on d.content_id = c.content_id
  where exists (select 1 from upskilling_plans p where p.id = p_plan)
  group by d.account_id
  order by d.account_id
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_progress_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM insight_refresh_person(OLD.account_id, OLD.content_id); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM insight_refresh_person(NEW.account_id, NEW.content_id); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_plan_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE p integer;
BEGIN
  IF TG_TABLE_NAME = 'plan_collections' THEN
    PERFORM insight_refresh_plan(coalesce(NEW.plan_id, OLD.plan_id));
  ELSE
    FOR p IN select distinct pc.plan_id from plan_collections pc
             where pc.collection_id = NEW.collection_id or pc.collection_id = OLD.collection_id order by 1 LOOP
      PERFORM insight_refresh_plan(p);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER insight_content_progress AFTER INSERT OR DELETE ON content_progress FOR EACH ROW EXECUTE FUNCTION insight_progress_changed();--> statement-breakpoint
CREATE TRIGGER insight_user_contents_insert AFTER INSERT ON user_contents FOR EACH ROW WHEN (NEW.course_status = 'finalized') EXECUTE FUNCTION insight_progress_changed();--> statement-breakpoint
CREATE TRIGGER insight_user_contents_delete AFTER DELETE ON user_contents FOR EACH ROW WHEN (OLD.course_status = 'finalized') EXECUTE FUNCTION insight_progress_changed();--> statement-breakpoint
CREATE TRIGGER insight_user_contents_update AFTER UPDATE OF course_status, content_id, account_id ON user_contents
  FOR EACH ROW WHEN (OLD.course_status = 'finalized' OR NEW.course_status = 'finalized') EXECUTE FUNCTION insight_progress_changed();--> statement-breakpoint
CREATE TRIGGER insight_collection_items AFTER INSERT OR DELETE OR UPDATE OF collection_id, content_id ON collection_items FOR EACH ROW EXECUTE FUNCTION insight_plan_items_changed();--> statement-breakpoint
CREATE TRIGGER insight_plan_collections AFTER INSERT OR DELETE ON plan_collections FOR EACH ROW EXECUTE FUNCTION insight_plan_items_changed();--> statement-breakpoint
-- Counts for the plans that exist already.
SELECT insight_refresh_plan(id) FROM upskilling_plans ORDER BY id;
