// Agent branches, drafts and deployments (decision 0081): the traffic split's rules, which branch a conversation
// talks to, and the three-way merge of one branch's configuration into another's. Pure: no database here.
import type { Json } from "./agents";

/** Every agent's main branch: its id (decision 0065 already answered versions with it) and name. */
export const MAIN_BRANCH = { id: "main", name: "Main" } as const;

export const BRANCH_LIMITS = {
  name: 100,
  description: 500,
  pageSize: 100,
  mostRecentVersions: 10,
  deploymentsPageSize: 100,
  /** The most versions of an agent read to count how far its branches and main have parted (more: not counted, null). */
  comparedVersions: 5000,
} as const;

export const BRANCH_TEXTS = {
  branchNotFound: "Branch not found.",
  branchesNotFound: (ids: string[]) => `These branches are not the agent's: ${ids.join(", ")}.`,
  versionNotFound: "Version not found.",
  versionNotOnBranch: "Version not found on this branch.",
  nameTaken: (name: string) => `The agent already has a branch named "${name}".`,
  draftNotFound: "This branch has no draft.",
  mainCannotArchive: "The main branch cannot be archived.",
  mainNoAutoRebase: "Automatic rebasing cannot be enabled on the main branch.",
  autoRebaseNotOffered: "Automatic rebasing onto main is not offered.",
  liveCannotArchive: (percent: number) => `The branch receives ${percent}% of the conversations: deploy its traffic elsewhere before archiving it.`,
  archived: "The branch is archived: unarchive it first.",
  mergeIntoItself: "A branch cannot be merged into itself.",
  mergeConflicts: (paths: string[]) => `Both branches changed ${paths.join(", ")} since they parted: merge with force to keep the source branch's values.`,
  trafficSum: (sum: number) => `The traffic percentages must add up to 100 (they add up to ${sum}).`,
  trafficRange: "Each traffic percentage is between 0 and 100.",
  trafficDuplicate: (id: string) => `The branch ${id} is named more than once.`,
  trafficEmpty: "Name at least one branch.",
  protected: "This branch is protected: only the workspace's admins may change it.",
  merged: (name: string) => `Merged ${name}`,
  rebased: "Rebased onto Main",
  branchCreated: (name: string) => `Branched as ${name}`,
  saved: "Updated",
  branchNeedsKey: "Only a signed URL or an API key chooses a conversation's branch or version: the widget follows the traffic split.",
} as const;

/** The Branches tab of the agent page (decision 0094): its words, and the intents its forms post. */
export const BRANCH_PAGE_INTENTS = ["create-branch", "archive-branch", "propose", "approve", "request-changes", "comment", "merge", "close-proposal"] as const;
export type BranchPageIntent = (typeof BRANCH_PAGE_INTENTS)[number];
export const isBranchPageIntent = (intent: string | undefined): intent is BranchPageIntent => (BRANCH_PAGE_INTENTS as readonly string[]).includes(intent ?? "");

export const BRANCH_PAGE_TEXTS = {
  tab: "Branches",
  branchesTitle: "Branches",
  branchesIntro: "Try changes on a branch without touching what callers hear; conversations go to the branches the traffic split names.",
  newBranchTitle: "New branch",
  newBranchIntro: "Starts from Main's current version. Change it through the API with its branch id, then propose merging it into Main.",
  createBranch: "Create branch",
  nameMissing: "Give the branch a name.",
  mainHasNoVersion: "Main has no saved version to branch from yet.",
  branchCreated: (name: string) => `Created the branch “${name}”.`,
  archive: (name: string) => `Archive ${name}`,
  branchArchived: (name: string) => `Archived the branch “${name}”.`,
  live: (percent: number) => `${percent}% of conversations`,
  apart: (ahead: number, behind: number) => `${ahead} ahead, ${behind} behind main`,
  noTraffic: "No conversations",
  draft: "Draft",
  protected: "Protected",
  archived: "Archived",
  proposalsTitle: "Merge proposals",
  proposeTitle: "Propose a merge into Main",
  proposeIntro: "Another member approves it before it is merged (admins may merge without).",
  propose: "Open proposal",
  sourceLabel: "Branch",
  noSourceBranch: "Create a branch first: a proposal merges one into Main.",
  titleMissing: "Give the proposal a title.",
  proposalOpened: (title: string) => `Opened the merge proposal “${title}”.`,
  noProposals: "No open merge proposals.",
  openedBy: (who: string) => `opened by ${who}`,
  you: "you",
  formerMember: "a former member",
  reviewStates: { approved: "Approved", changes_requested: "Changes requested" },
  noReviews: "No reviews yet",
  commentLabel: "Comment",
  approve: "Approve",
  requestChanges: "Request changes",
  comment: "Comment",
  commentMissing: "Write a comment first.",
  reviewed: { approved: "Approved the merge proposal.", changes_requested: "Requested changes." },
  commented: "Comment added.",
  merge: "Merge",
  close: "Close",
  forceLabel: "Where both branches changed a field, keep this branch's value",
  archiveSourceLabel: "Archive the branch once merged",
  merged: (title: string) => `Merged “${title}”.`,
  closed: (title: string) => `Closed “${title}”.`,
  proceduresTitle: "Procedures",
  proceduresIntro: "A branch's procedures with their drafts (read only here: they are written through the API and published when the branch is saved).",
  showProcedures: "Show",
  noProcedures: "This branch has no procedures.",
  procedureTypes: { free_form: "Free-form", deterministic: "Structured", folder: "Folder" } as Record<string, string>,
} as const;

export type TrafficSplit = Record<string, number>;

/** Why a traffic split cannot be deployed, or null: each branch once, percentages in [0, 100] adding up to 100. */
export function trafficProblem(requests: { branchId: string; percentage: number }[]): string | null {
  if (!requests.length) return BRANCH_TEXTS.trafficEmpty;
  const seen = new Set<string>();
  for (const r of requests) {
    if (seen.has(r.branchId)) return BRANCH_TEXTS.trafficDuplicate(r.branchId);
    seen.add(r.branchId);
    if (!Number.isFinite(r.percentage) || r.percentage < 0 || r.percentage > 100) return BRANCH_TEXTS.trafficRange;
  }
  const sum = requests.reduce((n, r) => n + r.percentage, 0);
  // Fractions such as 33.33 + 33.33 + 33.34 must pass despite floating point.
  if (Math.abs(sum - 100) > 1e-6) return BRANCH_TEXTS.trafficSum(Math.round(sum * 1e6) / 1e6);
  return null;
}

/** The split as stored: branches with no share left out (they get no conversations). */
export function splitOf(requests: { branchId: string; percentage: number }[]): TrafficSplit {
  return Object.fromEntries(requests.filter((r) => r.percentage > 0).map((r) => [r.branchId, r.percentage]));
}

/** FNV-1a over the key's UTF-16 code units: stable across runtimes, so a conversation's branch can be recomputed. */
function fnv1a(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Where a key falls in [0, 100): its hash spread over 10,000 buckets (a hundredth of a percent each). */
export const trafficPoint = (key: string): number => (fnv1a(key) % 10_000) / 100;

/**
 * The branch a conversation talks to: its id's point in [0, 100) against the branches' shares laid end to end in
 * branch id order (so the same split always cuts the same way). No split, or an empty one: main.
 */
export function pickBranch(split: TrafficSplit | null, key: string): string {
  const entries = Object.entries(split ?? {})
    .filter(([, share]) => share > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (!entries.length) return MAIN_BRANCH.id;
  const point = trafficPoint(key);
  let edge = 0;
  for (const [branchId, share] of entries) {
    edge += share;
    if (point < edge) return branchId;
  }
  return entries.at(-1)![0];
}

/** A branch's share of the live split: main has everything while nothing was deployed. */
export const liveShare = (split: TrafficSplit | null, branchId: string): number => (split ? (split[branchId] ?? 0) : branchId === MAIN_BRANCH.id ? 100 : 0);

/** The SDK's conflict sections; it has none for the name and tags, reported with the platform settings. */
export type ConflictSection = "conversation_config" | "platform_settings";
export type FieldConflict = { path: string; section: ConflictSection; base_value?: unknown; source_value?: unknown; target_value?: unknown };

/** The configuration a merge compares: what a version saves. */
export type MergeableConfig = { name: string; conversation_config: Json; platform_settings: Json; tags: unknown };

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Every leaf path of a configuration: objects are walked into (an empty one has no leaves, so a path is never both a
 * leaf and a parent), arrays and values are leaves.
 */
function leaves(value: unknown, prefix: string[], into: Map<string, string[]>): void {
  if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) leaves(v, [...prefix, k], into);
  } else if (prefix.length) into.set(prefix.join("."), prefix);
}

const at = (value: unknown, path: string[]): unknown => path.reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), value);

function setAt(root: Json, path: string[], value: unknown): void {
  let node: Json = root;
  for (const k of path.slice(0, -1)) {
    if (!isObject(node[k])) node[k] = {};
    node = node[k] as Json;
  }
  const last = path.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

const sectionOf = (path: string): ConflictSection => (path.startsWith("conversation_config.") ? "conversation_config" : "platform_settings");

/**
 * A three-way merge by leaf path: every field the source changed since the base is taken onto the target, unless
 * the target changed the same field to something else since the base (a conflict; with force the source's value
 * wins). Fields only the target changed stay. Arrays are single values (a tools list is not merged item by item).
 */
export function mergeConfigs(base: MergeableConfig, source: MergeableConfig, target: MergeableConfig, force: boolean): { merged: MergeableConfig; conflicts: FieldConflict[]; overriddenFields: string[] } {
  const paths = new Map<string, string[]>();
  for (const config of [base, source, target]) leaves(config, [], paths);
  const merged = structuredClone(target) as unknown as Json;
  const conflicts: FieldConflict[] = [];
  const overriddenFields: string[] = [];
  for (const [name, path] of paths) {
    const [b, s, t] = [at(base, path), at(source, path), at(target, path)];
    if (same(s, b) || same(s, t)) continue;
    if (!same(t, b)) {
      conflicts.push({ path: name, section: sectionOf(name), base_value: b, source_value: s, target_value: t });
      if (!force) continue;
    }
    setAt(merged, path, structuredClone(s));
    overriddenFields.push(name);
  }
  return { merged: merged as unknown as MergeableConfig, conflicts, overriddenFields };
}

/**
 * A conversation signature that names the branch it talks with (decision 0085), and the version when one was chosen
 * (always with its branch): the random part, then each id after a dot. The stored hash covers the whole text, so
 * changing or dropping the branch or the version makes the signature unknown.
 */
export const signatureWithBranch = (random: string, branchId: string | null, versionId: string | null = null): string =>
  branchId ? (versionId ? `${random}.${branchId}.${versionId}` : `${random}.${branchId}`) : random;

/** A signature's parts, or null when it is not one this server makes. */
export function signatureParts(token: string): { random: string; branchId: string | null; versionId: string | null } | null {
  const match = /^([0-9a-f]{48})(?:\.([A-Za-z0-9_-]{1,100})(?:\.([A-Za-z0-9_-]{1,100}))?)?$/.exec(token);
  return match ? { random: match[1]!, branchId: match[2] ?? null, versionId: match[3] ?? null } : null;
}

/**
 * Why a conversation cannot talk with the version it chose, or null (decision 0085, 2026-11-28): the version must be
 * the agent's, and on the branch named beside it when one is. An archived branch's version may still be chosen: a
 * version never changes, and choosing one is asking for exactly that configuration.
 */
export function chosenVersionProblem(version: { agentId: string; branchId: string } | null, agentId: string, branchId: string | null): string | null {
  if (!version || version.agentId !== agentId) return BRANCH_TEXTS.versionNotFound;
  if (branchId && version.branchId !== branchId) return BRANCH_TEXTS.versionNotOnBranch;
  return null;
}

/** A version as the branch comparison reads it: its branch, its place there, and for a merge the version it took in. */
export type VersionNode = { id: string; branchId: string; seq: number; mergedFromVersionId: string | null };

/**
 * How far a branch and main have parted (the SDK's commits_ahead and commits_behind): the versions the branch's tip
 * reaches that main's tip does not, and the reverse, as git counts `main...branch`. A version's parents are the one
 * before it on its branch (for a branch's first, the version it started from: `starts`) and, for a merge, the version
 * it took in; so each side is counted from their common ancestor: the version the branch started from, or the last
 * merge either way. A branch's first version counts (it may carry changes given at its creation). Null when either
 * branch has no version.
 */
export function commitsApart(versions: VersionNode[], starts: Map<string, string | null>, branchId: string): { ahead: number; behind: number } | null {
  const byBranch = new Map<string, VersionNode[]>();
  for (const v of versions) byBranch.set(v.branchId, [...(byBranch.get(v.branchId) ?? []), v]);
  const parents = new Map<string, string[]>();
  for (const line of byBranch.values()) {
    line.sort((a, b) => a.seq - b.seq);
    line.forEach((v, i) => {
      const before = i > 0 ? line[i - 1]!.id : (starts.get(v.branchId) ?? null);
      parents.set(v.id, [before, v.mergedFromVersionId].filter((p): p is string => p !== null));
    });
  }
  const reach = (from: string) => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id) || !parents.has(id)) continue;
      seen.add(id);
      stack.push(...parents.get(id)!);
    }
    return seen;
  };
  const branchTip = byBranch.get(branchId)?.at(-1);
  const mainTip = byBranch.get(MAIN_BRANCH.id)?.at(-1);
  if (!branchTip || !mainTip) return null;
  const [onBranch, onMain] = [reach(branchTip.id), reach(mainTip.id)];
  const outside = (a: Set<string>, b: Set<string>) => [...a].filter((id) => !b.has(id)).length;
  return { ahead: outside(onBranch, onMain), behind: outside(onMain, onBranch) };
}

/** A use outside an agent's main configuration: a branch's tip, or a draft (decision 0085). */
export type BranchUse = { agentName: string; branchName: string; draft: boolean };

/** How an in-use refusal names a use on a branch: the agent with the branch, or the branch's draft. */
export const branchUseName = (use: BranchUse): string => (use.draft ? `${use.agentName} (draft on ${use.branchName})` : `${use.agentName} (branch ${use.branchName})`);

/** The names an in-use refusal lists: the agents using it on main, then each use on a branch, each name once. */
export const inUseNames = (onMain: string[], onBranches: BranchUse[]): string[] => [...new Set([...onMain, ...onBranches.map(branchUseName)])];

/** An agent in a dependents list (a document's dependent_agents, a tool's dependent agents, a secret's used_by). */
export type DependentAgent = { id: string; name: string; createdAt: number };

/** A use on a branch as the in-use query reads it (decision 0085): a branch's tip, or any branch's draft. */
export type BranchUseOf = BranchUse & { agentId: string; agentCreatedAt: number; branchId: string };

/** A branch in a dependents list, as the SDK's DependentBranchInfo says it. */
export type DependentBranch = { agent_id: string; agent_name: string; branch_id: string; branch_name: string; is_main: boolean };

/**
 * The dependents lists from the same uses the in-use refusal names (decision 0085, 2026-11-28), so they always agree:
 * every agent using it on main, on a branch's tip or in a draft, once, newest first; and each branch whose tip or
 * draft uses it, once (main appears only through its draft: main's own use is the agents list).
 */
export function dependentsOf(onMain: DependentAgent[], onBranches: BranchUseOf[]): { agents: DependentAgent[]; branches: DependentBranch[] } {
  const agents = new Map<string, DependentAgent>();
  for (const a of onMain) agents.set(a.id, { id: a.id, name: a.name, createdAt: a.createdAt });
  const branches = new Map<string, DependentBranch>();
  for (const use of onBranches) {
    if (!agents.has(use.agentId)) agents.set(use.agentId, { id: use.agentId, name: use.agentName, createdAt: use.agentCreatedAt });
    const key = `${use.agentId} ${use.branchId}`;
    if (!branches.has(key)) branches.set(key, { agent_id: use.agentId, agent_name: use.agentName, branch_id: use.branchId, branch_name: use.branchName, is_main: use.branchId === MAIN_BRANCH.id });
  }
  const byName = (a: DependentBranch, b: DependentBranch) => a.agent_name.localeCompare(b.agent_name) || a.agent_id.localeCompare(b.agent_id) || a.branch_name.localeCompare(b.branch_name);
  return { agents: [...agents.values()].sort((a, b) => b.createdAt - a.createdAt), branches: [...branches.values()].sort(byName) };
}
