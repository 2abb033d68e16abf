// The sound-effects area's server side for pages: its history (generation is generation.server.ts, for the /v1 layer).
export * from "./server/sound-history.server";
export * from "./server/sound-models.server";
