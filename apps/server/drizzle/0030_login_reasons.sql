-- Why a suspicious sign-in is one (issue 21): the login history names the reasons ("New device", "New
-- location", "After failed attempts"). Sign-ins recorded before have none.
ALTER TABLE "login_events" ADD COLUMN "reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "login_events" ADD CONSTRAINT "login_events_reasons_check" CHECK ("login_events"."reasons" <@ array['newDevice', 'newLocation', 'afterFailures']::text[] and ("login_events"."status" = 'suspicious' or cardinality("login_events"."reasons") = 0));