-- The dubbing studio (issue #21, decision 0048): a dub's edit version (every studio change adds one, as the
-- DubbingResource's `version`) and its renders per language (JSON: id, version, type, status).
ALTER TABLE `dubs` ADD `version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `dubs` ADD `renders` text DEFAULT '{}' NOT NULL;
