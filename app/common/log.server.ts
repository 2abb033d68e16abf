// The structured log is core/log.ts, shared with the workers and queue consumers (decision 0058).
export { log, type LogFields } from "../../core/log";
