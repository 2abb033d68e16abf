// The agents area's server side for pages and the API: agents, the knowledge base, conversations and signed URLs.
// The live conversation (speech in and out) is generation.server.ts, for the /v1 layer only.
export * from "./server/agents.server";
export * from "./server/knowledge.server";
export * from "./server/knowledge-index.server";
export * from "./server/knowledge-crawl.server";
export * from "./server/tools.server";
export * from "./server/tool-calls.server";
export * from "./server/versions.server";
export * from "./server/settings.server";
export * from "./server/conversation-review.server";
export * from "./server/simulation.server";
export * from "./server/testing.server";
export * from "./server/conversations.server";
export * from "./server/signatures.server";
export * from "./server/secrets.server";
export * from "./server/phone.server";
export * from "./server/access.server";
export * from "./server/branches.server";
export * from "./server/merge-proposals.server";
export * from "./server/mcp-servers.server";
export * from "./server/procedures.server";
export * from "./server/branch-page.server";
export * from "./server/triage-tickets.server";
export * from "./server/conversation-files.server";
export * from "./server/topics.server";
export * from "./server/media-page.server";
export * from "./server/environment-variables.server";
