CREATE TABLE `auth_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`last_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_throttle_last_at` ON `auth_throttle` (`last_at`);--> statement-breakpoint
CREATE TABLE `pending_sign_ups` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`details` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE INDEX `pending_sign_ups_expires_at` ON `pending_sign_ups` (`expires_at`);--> statement-breakpoint
DROP TABLE `auth_failures`;