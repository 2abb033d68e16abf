// The voices area's server side: the only module other areas and routes import (its internals are in server/).
export * from "./server/voice-safety.server";
export * from "./server/voice-settings.server";
