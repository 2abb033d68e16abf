// Voices: per-workspace settings and safety controls.
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { now } from "./columns";
import { workspaces } from "./workspace";

/** Per-workspace voice settings overrides (POST /v1/voices/{id}/settings/edit). */
export const voiceSettings = sqliteTable(
  "voice_settings",
  {
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    voiceId: text("voice_id").notNull(),
    settings: text("settings").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.voiceId] })],
);

/**
 * Voices under a safety control, deployment-wide (spec: Voice.safety_control): set by the operator's
 * moderation, BAN blocks a voice everywhere, CAPTCHA asks people for a check before they use it.
 */
export const voiceSafetyControls = sqliteTable("voice_safety_controls", {
  voiceId: text("voice_id").primaryKey(),
  safetyControl: text("safety_control", { enum: ["BAN", "CAPTCHA"] }).notNull(),
  reason: text("reason"),
  updatedAt: integer("updated_at").notNull().default(now),
});
