// The marketing area's server side: the only module other areas and routes import (its internals are in server/).
export * from "./server/landing-samples.server";
