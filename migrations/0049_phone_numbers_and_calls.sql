-- Phone numbers imported from Twilio, outbound calls and batch calling (issue 22, decision 0060).
ALTER TABLE `conversations` ADD `phone_call` text;
--> statement-breakpoint
CREATE TABLE `phone_numbers` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`provider` text NOT NULL,
	`phone_number` text NOT NULL,
	`label` text NOT NULL,
	`account_sid` text NOT NULL,
	`auth_token` text NOT NULL,
	`provider_sid` text,
	`agent_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `phone_numbers_workspace_created` ON `phone_numbers` (`workspace_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `phone_calls` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`phone_number_id` text NOT NULL,
	`user_id` text,
	`direction` text NOT NULL,
	`from_number` text NOT NULL,
	`to_number` text NOT NULL,
	`conversation_id` text NOT NULL,
	`call_sid` text,
	`stream_sid` text,
	`stream_token_hash` text,
	`status` text NOT NULL,
	`initiation` text,
	`batch_id` text,
	`recipient_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `phone_calls_workspace` ON `phone_calls` (`workspace_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `phone_calls_batch` ON `phone_calls` (`batch_id`);
--> statement-breakpoint
CREATE TABLE `batch_calls` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`agent_id` text NOT NULL,
	`agent_name` text NOT NULL,
	`phone_number_id` text NOT NULL,
	`origin` text NOT NULL,
	`status` text NOT NULL,
	`scheduled_at` integer NOT NULL,
	`concurrency` integer NOT NULL,
	`retry_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `batch_calls_workspace_created` ON `batch_calls` (`workspace_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `batch_call_recipients` (
	`id` text PRIMARY KEY NOT NULL,
	`batch_id` text NOT NULL,
	`position` integer NOT NULL,
	`phone_number` text NOT NULL,
	`status` text NOT NULL,
	`conversation_id` text,
	`initiation` text,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `batch_calls`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `batch_call_recipients_batch` ON `batch_call_recipients` (`batch_id`,`position`);
--> statement-breakpoint
CREATE TABLE `dev_phone_calls` (
	`sid` text PRIMARY KEY NOT NULL,
	`account_sid` text NOT NULL,
	`to_number` text NOT NULL,
	`from_number` text NOT NULL,
	`status` text NOT NULL,
	`duration_secs` integer,
	`callee_said` text NOT NULL,
	`agent_audio_key` text,
	`agent_audio_ms` integer,
	`created_at` integer NOT NULL
);
