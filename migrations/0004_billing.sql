CREATE TABLE `billing_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`workspace_id` text,
	`received_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `workspace_billing` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`subscription_id` text,
	`provider_status` text,
	`price_lookup_key` text,
	`current_period_start` integer,
	`current_period_end` integer,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`schedule_id` text,
	`pending_downgrade_to` text,
	`previously_subscribed_tiers` text DEFAULT '[]' NOT NULL,
	`payment_provider` text DEFAULT 'card' NOT NULL,
	`trust_on_invoice_creation` integer DEFAULT true NOT NULL,
	`allowed_to_extend_character_limit` integer DEFAULT false NOT NULL,
	`has_open_invoices` integer DEFAULT false NOT NULL,
	`quota_period_start` integer,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspace_billing_customer` ON `workspace_billing` (`customer_id`);--> statement-breakpoint
ALTER TABLE `workspaces` ADD `character_count_reset_at` integer;