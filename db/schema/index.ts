// Every table, one file per product area; drizzle-kit (drizzle.config.ts) and db/client read this index.
export * from "./accounts";
export * from "./workspace";
export * from "./history";
export * from "./speech";
export * from "./usage";
export * from "./sharing";
export * from "./billing";
export * from "./voices";
export * from "./marketing";
export * from "./sound-effects";
export * from "./isolation";
export * from "./studio";
export * from "./transcription";
export * from "./pronunciation";
