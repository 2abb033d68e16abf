CREATE TABLE `openai_voice_mappings` (
	`workspace_id` text NOT NULL,
	`openai_voice` text NOT NULL,
	`voice_id` text NOT NULL,
	PRIMARY KEY(`workspace_id`, `openai_voice`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
