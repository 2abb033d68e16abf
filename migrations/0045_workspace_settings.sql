-- Workspace settings (issue 23): the groups an invitee joins on accepting, and each member's notification preferences.
-- JSON list of group ids of the invite's workspace; null: none.
ALTER TABLE `workspace_invites` ADD `group_ids` text;
--> statement-breakpoint
-- JSON list of the event types this member does not want notifications for; null: every event.
ALTER TABLE `workspace_members` ADD `muted_notifications` text;
