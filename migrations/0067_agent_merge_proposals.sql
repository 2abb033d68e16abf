CREATE TABLE `agent_merge_proposal_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`proposal_id` text NOT NULL,
	`user_id` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`proposal_id`) REFERENCES `agent_merge_proposals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_merge_proposal_comments_proposal` ON `agent_merge_proposal_comments` (`proposal_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `agent_merge_proposal_reviews` (
	`proposal_id` text NOT NULL,
	`user_id` text NOT NULL,
	`state` text NOT NULL,
	`comment` text,
	`reviewer_role` text NOT NULL,
	`submitted_at` integer NOT NULL,
	PRIMARY KEY(`proposal_id`, `user_id`),
	FOREIGN KEY (`proposal_id`) REFERENCES `agent_merge_proposals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `agent_merge_proposals` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`source_branch_id` text NOT NULL,
	`target_branch_id` text NOT NULL,
	`source_tip_version_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`requested_reviewer_user_ids` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`close_reason` text,
	`outcome_at` integer,
	`outcome_by` text,
	`merged_version_id` text,
	`author_user_id` text NOT NULL,
	`author_email` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_merge_proposals_agent` ON `agent_merge_proposals` (`agent_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `agent_merge_proposals_one_open` ON `agent_merge_proposals` (`agent_id`,`source_branch_id`,`target_branch_id`) WHERE "agent_merge_proposals"."status" = 'open';