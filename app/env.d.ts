// Secrets are not in wrangler.toml, so `wrangler types` cannot see them: they are declared here.
interface Env {
  /** Bearer key of the HTTP mail provider (MAIL_TRANSPORT = "http"). */
  MAIL_HTTP_KEY?: string;
}
