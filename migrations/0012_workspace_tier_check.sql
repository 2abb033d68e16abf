-- The workspace tier becomes a checked column (SQLite adds a CHECK only by rebuilding the table).
-- drizzle-kit's rebuild wraps DROP TABLE in PRAGMA foreign_keys=OFF, which D1 ignores: dropping `workspaces`
-- would then cascade-delete every row that references a workspace (members, keys, history, usage, billing, and
-- the share links and videos of that history). So the rows that the drop takes with it are kept aside first and
-- put back once the new table has the workspaces again (tests/workers/app/migrations.test.ts checks this).
-- A tier no plan knows becomes 'free', as the code read it until now.
CREATE TABLE `__new_workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`owner_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`tier` text DEFAULT 'free' NOT NULL,
	`status` text DEFAULT 'free' NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`billing_period` text DEFAULT 'monthly_period' NOT NULL,
	`character_count` integer DEFAULT 0 NOT NULL,
	`character_limit` integer DEFAULT 10000 NOT NULL,
	`max_seats` integer DEFAULT 1 NOT NULL,
	`session_inactivity_timeout` integer,
	`training_opt_out` integer DEFAULT false NOT NULL,
	`training_opt_out_at` integer,
	`character_count_reset_at` integer,
	`extra_characters_billed` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "workspaces_tier_valid" CHECK("__new_workspaces"."tier" IN ('free', 'starter', 'creator', 'pro', 'growing_business', 'scale_2024_08_10', 'trial', 'enterprise'))
);
--> statement-breakpoint
INSERT INTO `__new_workspaces`("id", "name", "owner_id", "created_at", "tier", "status", "currency", "billing_period", "character_count", "character_limit", "max_seats", "session_inactivity_timeout", "training_opt_out", "training_opt_out_at", "character_count_reset_at", "extra_characters_billed") SELECT "id", "name", "owner_id", "created_at", CASE WHEN "tier" IN ('free', 'starter', 'creator', 'pro', 'growing_business', 'scale_2024_08_10', 'trial', 'enterprise') THEN "tier" ELSE 'free' END, "status", "currency", "billing_period", "character_count", "character_limit", "max_seats", "session_inactivity_timeout", "training_opt_out", "training_opt_out_at", "character_count_reset_at", "extra_characters_billed" FROM `workspaces`;--> statement-breakpoint
CREATE TABLE `__keep_workspace_members` AS SELECT * FROM `workspace_members`;--> statement-breakpoint
CREATE TABLE `__keep_api_keys` AS SELECT * FROM `api_keys`;--> statement-breakpoint
CREATE TABLE `__keep_workspace_invites` AS SELECT * FROM `workspace_invites`;--> statement-breakpoint
CREATE TABLE `__keep_history_items` AS SELECT * FROM `history_items`;--> statement-breakpoint
CREATE TABLE `__keep_usage_events` AS SELECT * FROM `usage_events`;--> statement-breakpoint
CREATE TABLE `__keep_voice_settings` AS SELECT * FROM `voice_settings`;--> statement-breakpoint
CREATE TABLE `__keep_workspace_billing` AS SELECT * FROM `workspace_billing`;--> statement-breakpoint
CREATE TABLE `__keep_share_links` AS SELECT * FROM `share_links`;--> statement-breakpoint
CREATE TABLE `__keep_video_jobs` AS SELECT * FROM `video_jobs`;--> statement-breakpoint
DROP TABLE `workspaces`;--> statement-breakpoint
ALTER TABLE `__new_workspaces` RENAME TO `workspaces`;--> statement-breakpoint
INSERT INTO `workspace_members` SELECT * FROM `__keep_workspace_members`;--> statement-breakpoint
DROP TABLE `__keep_workspace_members`;--> statement-breakpoint
INSERT INTO `api_keys` SELECT * FROM `__keep_api_keys`;--> statement-breakpoint
DROP TABLE `__keep_api_keys`;--> statement-breakpoint
INSERT INTO `workspace_invites` SELECT * FROM `__keep_workspace_invites`;--> statement-breakpoint
DROP TABLE `__keep_workspace_invites`;--> statement-breakpoint
INSERT INTO `history_items` SELECT * FROM `__keep_history_items`;--> statement-breakpoint
DROP TABLE `__keep_history_items`;--> statement-breakpoint
INSERT INTO `usage_events` SELECT * FROM `__keep_usage_events`;--> statement-breakpoint
DROP TABLE `__keep_usage_events`;--> statement-breakpoint
INSERT INTO `voice_settings` SELECT * FROM `__keep_voice_settings`;--> statement-breakpoint
DROP TABLE `__keep_voice_settings`;--> statement-breakpoint
INSERT INTO `workspace_billing` SELECT * FROM `__keep_workspace_billing`;--> statement-breakpoint
DROP TABLE `__keep_workspace_billing`;--> statement-breakpoint
INSERT INTO `share_links` SELECT * FROM `__keep_share_links`;--> statement-breakpoint
DROP TABLE `__keep_share_links`;--> statement-breakpoint
INSERT INTO `video_jobs` SELECT * FROM `__keep_video_jobs`;--> statement-breakpoint
DROP TABLE `__keep_video_jobs`;
