-- SAML 2.0 identity providers (issue #23, decision 0070): the protocol may be 'saml', with the IdP's SSO URL and
-- signing certificate (PEM). SQLite changes a CHECK only by rebuilding the table; nothing references this table,
-- so the rebuild loses nothing.
CREATE TABLE `__new_workspace_identity_providers` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`protocol` text DEFAULT 'oidc' NOT NULL,
	`issuer` text NOT NULL,
	`client_id` text NOT NULL,
	`client_secret` text NOT NULL,
	`identity_provider_entity_id` text,
	`saml_sso_url` text,
	`saml_certificate` text,
	`sso_enforced` integer DEFAULT false NOT NULL,
	`auto_provisioning_enabled` integer DEFAULT false NOT NULL,
	`auto_provisioning_enabled_at` integer,
	`auto_provisioning_enabled_by_user_email` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "workspace_identity_providers_protocol_valid" CHECK("__new_workspace_identity_providers"."protocol" IN ('oidc', 'saml'))
);
--> statement-breakpoint
INSERT INTO `__new_workspace_identity_providers`("workspace_id", "protocol", "issuer", "client_id", "client_secret", "identity_provider_entity_id", "sso_enforced", "auto_provisioning_enabled", "auto_provisioning_enabled_at", "auto_provisioning_enabled_by_user_email", "created_at", "updated_at") SELECT "workspace_id", "protocol", "issuer", "client_id", "client_secret", "identity_provider_entity_id", "sso_enforced", "auto_provisioning_enabled", "auto_provisioning_enabled_at", "auto_provisioning_enabled_by_user_email", "created_at", "updated_at" FROM `workspace_identity_providers`;--> statement-breakpoint
DROP TABLE `workspace_identity_providers`;--> statement-breakpoint
ALTER TABLE `__new_workspace_identity_providers` RENAME TO `workspace_identity_providers`;
