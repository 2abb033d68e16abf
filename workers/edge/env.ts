/** Bindings of the front door (workers/edge/wrangler.toml). */
export interface EdgeEnv {
  /** The app worker: Remix pages and the /v1 API. */
  APP: Fetcher;
  /** Public share pages and their audio (/share/*). */
  SHARE: Fetcher;
  ENVIRONMENT: string;
}
