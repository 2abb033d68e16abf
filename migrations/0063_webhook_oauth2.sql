-- OAuth2 webhooks (decision 0076): the client-credentials settings a delivery fetches its bearer token with (JSON:
-- token_url, client_id, scope, audience; the client secret is in `secret`, never shown), and the reason of the most
-- recent failure in words (a refused token request has no answer from the webhook to give a status code).
ALTER TABLE `workspace_webhooks` ADD `auth_settings` text;
--> statement-breakpoint
ALTER TABLE `workspace_webhooks` ADD `most_recent_failure_reason` text;
