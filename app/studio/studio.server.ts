// The Studio area's server side for the pages and the API (conversion, with the codecs, is the queue consumer's:
// queues/studio, decision 0058).
export * from "./server/projects.server";
export * from "./server/url-import.server";
export * from "./server/podcast.server";
