// The history area's server side: the only module other areas and routes import (its internals are in server/).
export * from "./server/history-items.server";
export * from "./server/history-media.server";
export * from "./server/ranged-object.server";
