CREATE TABLE `agent_triage_ticket_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`ticket_id` text NOT NULL,
	`field` text NOT NULL,
	`value` text,
	`changed_by` text NOT NULL,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `agent_triage_tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_triage_ticket_changes_ticket` ON `agent_triage_ticket_changes` (`ticket_id`,`changed_at`);--> statement-breakpoint
CREATE TABLE `agent_triage_ticket_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`ticket_id` text NOT NULL,
	`conversation_id` text,
	`turn_index` integer,
	`comment` text NOT NULL,
	`owner_user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `agent_triage_tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_triage_ticket_comments_ticket` ON `agent_triage_ticket_comments` (`ticket_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `agent_triage_ticket_conversations` (
	`ticket_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`ticket_id`, `conversation_id`),
	FOREIGN KEY (`ticket_id`) REFERENCES `agent_triage_tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_triage_ticket_conversations_conversation` ON `agent_triage_ticket_conversations` (`conversation_id`);--> statement-breakpoint
CREATE TABLE `agent_triage_tickets` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`owner_user_id` text NOT NULL,
	`title` text NOT NULL,
	`qa_comment` text,
	`source` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`priority` text,
	`priority_rank` integer DEFAULT 0 NOT NULL,
	`assignee_user_id` text,
	`merged_into_ticket_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_triage_tickets_agent` ON `agent_triage_tickets` (`agent_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `agent_triage_tickets_workspace` ON `agent_triage_tickets` (`workspace_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `agent_merge_proposals` ADD `triage_ticket_id` text;