// The Studio area's server side for the pages and the API (conversion, with the codecs, is conversion.server.ts).
export * from "./server/projects.server";
export * from "./server/url-import.server";
