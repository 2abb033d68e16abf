// Speech generation: concurrency slots and the public try-it box's counters.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspace";

/** Generations in flight, to hold each workspace to its plan's concurrency and its quota. */
export const generationSlots = sqliteTable(
  "generation_slots",
  {
    requestId: text("request_id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    startedAt: integer("started_at").notNull(),
    /** The characters the generation will be charged: held against the quota until it is charged or ends. */
    reservedCharacters: integer("reserved_characters"),
  },
  (t) => [index("generation_slots_workspace").on(t.workspaceId)],
);

/** Fixed-window counters for public, unauthenticated features (the visitors' try-it box). */
export const rateCounters = sqliteTable(
  "rate_counters",
  {
    key: text("key").notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * A workspace's own choice of voice for one of OpenAI's standard voice names (alloy, echo...) on /v1/audio/speech;
 * names without a row speak as the default table in app/speech/rules/openai.ts says (decision 0027).
 */
export const openAiVoiceMappings = sqliteTable(
  "openai_voice_mappings",
  {
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    openAiVoice: text("openai_voice").notNull(),
    voiceId: text("voice_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.openAiVoice] })],
);
