-- Direct publishing and public profiles (issue 24 items 2 and 5, decision 0046): the person's profile handle and
-- when they agreed to the publishing payouts terms; old handles that redirect for a while; reads (a finished
-- Studio project in the reader catalogue) with their state, collections of reads, and listening counts per read
-- and UTC day (no visitor identifiers).
ALTER TABLE users ADD COLUMN profile_page_handle TEXT;
--> statement-breakpoint
CREATE UNIQUE INDEX users_profile_page_handle_unique ON users (profile_page_handle);
--> statement-breakpoint
ALTER TABLE users ADD COLUMN publishing_terms_agreed_at INTEGER;
--> statement-breakpoint
CREATE TABLE profile_handle_redirects (
  handle TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL,
  redirect_until INTEGER NOT NULL,
  FOREIGN KEY (user_id) REFERENCES users(id) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX profile_handle_redirects_user ON profile_handle_redirects (user_id);
--> statement-breakpoint
CREATE TABLE publishing_reads (
  id TEXT PRIMARY KEY NOT NULL,
  workspace_id TEXT NOT NULL,
  project_id TEXT NOT NULL,
  submitted_by_user_id TEXT NOT NULL,
  state TEXT DEFAULT 'draft' NOT NULL,
  title TEXT NOT NULL,
  author TEXT NOT NULL,
  description TEXT NOT NULL,
  genres TEXT DEFAULT '[]' NOT NULL,
  language TEXT,
  mature_content INTEGER DEFAULT false NOT NULL,
  isbn TEXT,
  cover_image_key TEXT,
  cover_image_type TEXT,
  snapshot_id TEXT,
  audio_key TEXT,
  audio_bytes INTEGER,
  duration_ms INTEGER,
  review_note TEXT,
  created_at INTEGER DEFAULT (unixepoch()) NOT NULL,
  updated_at INTEGER DEFAULT (unixepoch()) NOT NULL,
  published_at INTEGER,
  FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON UPDATE no action ON DELETE cascade,
  FOREIGN KEY (project_id) REFERENCES studio_projects(id) ON UPDATE no action ON DELETE cascade,
  CONSTRAINT publishing_reads_state_valid CHECK(state IN ('draft', 'in_review', 'published', 'unpublished')),
  CONSTRAINT publishing_reads_genres_valid CHECK(json_valid(genres))
);
--> statement-breakpoint
CREATE UNIQUE INDEX publishing_reads_project ON publishing_reads (project_id);
--> statement-breakpoint
CREATE INDEX publishing_reads_workspace ON publishing_reads (workspace_id, created_at);
--> statement-breakpoint
CREATE INDEX publishing_reads_catalogue ON publishing_reads (state, published_at);
--> statement-breakpoint
CREATE INDEX publishing_reads_submitter ON publishing_reads (submitted_by_user_id, state);
--> statement-breakpoint
CREATE TABLE publishing_collections (
  id TEXT PRIMARY KEY NOT NULL,
  workspace_id TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at INTEGER DEFAULT (unixepoch()) NOT NULL,
  FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX publishing_collections_workspace ON publishing_collections (workspace_id);
--> statement-breakpoint
CREATE TABLE publishing_collection_reads (
  collection_id TEXT NOT NULL,
  read_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (collection_id, read_id),
  FOREIGN KEY (collection_id) REFERENCES publishing_collections(id) ON UPDATE no action ON DELETE cascade,
  FOREIGN KEY (read_id) REFERENCES publishing_reads(id) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE publishing_read_daily_stats (
  read_id TEXT NOT NULL,
  day TEXT NOT NULL,
  listens INTEGER DEFAULT 0 NOT NULL,
  listen_ms INTEGER DEFAULT 0 NOT NULL,
  completions INTEGER DEFAULT 0 NOT NULL,
  PRIMARY KEY (read_id, day),
  FOREIGN KEY (read_id) REFERENCES publishing_reads(id) ON UPDATE no action ON DELETE cascade
);
