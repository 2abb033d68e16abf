// The voices area's server side: the only module other areas and routes import (its internals are in server/).
export * from "./server/voices.server";
export * from "./server/voice-options.server";
export * from "./server/voice-captcha.server";
export * from "./server/voice-library.server";
export * from "./server/neural-clone.server";
export * from "./server/verification-review.server";
export * from "./server/voice-replication.server";
export * from "./server/professional-page.server";
