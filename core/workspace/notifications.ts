/** Message and Event severities (spec §3), shared by the schema and the notification rules. */
export const NOTIFICATION_SEVERITIES = ["info", "success", "warning", "error"] as const;
export type NotificationSeverity = (typeof NOTIFICATION_SEVERITIES)[number];
