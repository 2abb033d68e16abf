-- Single sign-on and verified domains (issue #23, decision 0045). One OpenID Connect identity provider per
-- workspace (its client secret is write-only: no page or API shows it again), the workspace's e-mail domains with
-- the DNS TXT token that proves each, and the sign-ins on their way through the identity provider (state, nonce
-- and PKCE verifier, single use, ten minutes).
CREATE TABLE workspace_identity_providers (
  workspace_id TEXT PRIMARY KEY NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  protocol TEXT NOT NULL DEFAULT 'oidc' CHECK (protocol IN ('oidc')),
  issuer TEXT NOT NULL,
  client_id TEXT NOT NULL,
  client_secret TEXT NOT NULL,
  identity_provider_entity_id TEXT,
  sso_enforced INTEGER NOT NULL DEFAULT 0,
  auto_provisioning_enabled INTEGER NOT NULL DEFAULT 0,
  auto_provisioning_enabled_at INTEGER,
  auto_provisioning_enabled_by_user_email TEXT,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  updated_at INTEGER NOT NULL DEFAULT (unixepoch())
);

CREATE TABLE workspace_domains (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  domain TEXT NOT NULL,
  verification_token TEXT NOT NULL,
  verified_at INTEGER,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  PRIMARY KEY (workspace_id, domain)
);
-- A domain is verified for one workspace at most: the one whose SSO its addresses use.
CREATE UNIQUE INDEX workspace_domains_verified ON workspace_domains (domain) WHERE verified_at IS NOT NULL;

CREATE TABLE sso_sign_in_states (
  state_hash TEXT PRIMARY KEY NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  nonce TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  redirect TEXT,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch())
);

-- Development only: the local identity provider stand-in's signing key and authorization codes, and the DNS
-- stand-in's records (/dev/identity-provider).
CREATE TABLE dev_oidc_keys (
  kid TEXT PRIMARY KEY NOT NULL,
  private_jwk TEXT NOT NULL,
  public_jwk TEXT NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE TABLE dev_oidc_codes (
  code_hash TEXT PRIMARY KEY NOT NULL,
  client_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  email TEXT NOT NULL,
  name TEXT,
  nonce TEXT,
  code_challenge TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE TABLE dev_dns_records (
  name TEXT NOT NULL,
  type TEXT NOT NULL DEFAULT 'TXT',
  value TEXT NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  PRIMARY KEY (name, type, value)
);
