-- Issue 21: no JIT compilation for this database's statements. The feed's page statement carries every branch of its
-- plan (walks, gathered matches) and the planner adds the cost of branches that never run, so a page that reads a few
-- hundred index entries crossed jit_above_cost and spent 50-85 ms compiling expressions (LLVM) for a 1 ms execution.
-- Every statement of this application is a short OLTP statement: JIT never pays for itself here.
-- ALTER DATABASE applies to new sessions; SET covers the session that runs the migrations (the API's own pool).
-- A role that does not own the database keeps the server's default and is told so (set jit = off for it instead).
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'jit stays as the server sets it: this role does not own database %', current_database();
END
$$;--> statement-breakpoint
SET jit = off;
