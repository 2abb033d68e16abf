CREATE TABLE `auth_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`last_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_throttle_last_at` ON `auth_throttle` (`last_at`);--> statement-breakpoint
DROP TABLE `auth_failures`;