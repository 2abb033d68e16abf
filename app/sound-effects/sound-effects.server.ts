// The sound-effects area's server side: the only module other areas and routes import (its internals are in server/).
export * from "./server/sound-generation.server";
