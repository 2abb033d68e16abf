// The sharing area's server side: the only module other areas and routes import (its internals are in server/).
export * from "./server/share-links.server";
export * from "./server/share-videos.server";
