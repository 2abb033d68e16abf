// The speech area's server side: the only module other areas and routes import (its internals are in server/).
export * from "./server/quota.server";
export * from "./server/speech-engine.server";
export * from "./server/try-it.server";
export * from "./server/tts-page.server";
export * from "./server/openai-voices.server";
export * from "./server/metered-upload.server";
export * from "./server/speaking-voice.server";
