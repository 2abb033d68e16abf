import { describe, expect, it } from "vitest";
import { BRANCH_PAGE_TEXTS, BRANCH_TEXTS, chosenVersionProblem, commitsApart, dependentsOf, inUseNames, isBranchPageIntent, liveShare, MAIN_BRANCH, mergeConfigs, pickBranch, signatureParts, signatureWithBranch, splitOf, trafficPoint, trafficProblem, type MergeableConfig, type VersionNode } from "./branches";

const config = (prompt: string, language = "en", extra: Record<string, unknown> = {}): MergeableConfig => ({
  name: "Shop",
  conversation_config: { agent: { language, prompt: { prompt, tool_ids: ["t1"] } } },
  platform_settings: { widget: { variant: "compact" }, ...extra },
  tags: ["shop"],
});

describe("traffic split", () => {
  it("accepts shares of 0 to 100 adding up to 100, each branch once", () => {
    expect(trafficProblem([{ branchId: "main", percentage: 100 }])).toBeNull();
    expect(trafficProblem([{ branchId: "a", percentage: 33.33 }, { branchId: "b", percentage: 33.33 }, { branchId: "c", percentage: 33.34 }])).toBeNull();
    expect(trafficProblem([{ branchId: "a", percentage: 50 }, { branchId: "b", percentage: 40 }])).toBe(BRANCH_TEXTS.trafficSum(90));
    expect(trafficProblem([{ branchId: "a", percentage: 0.5 }, { branchId: "b", percentage: 0.5 }])).toBe(BRANCH_TEXTS.trafficSum(1));
    expect(trafficProblem([{ branchId: "a", percentage: 150 }, { branchId: "b", percentage: -50 }])).toBe(BRANCH_TEXTS.trafficRange);
    expect(trafficProblem([{ branchId: "a", percentage: 50 }, { branchId: "a", percentage: 50 }])).toBe(BRANCH_TEXTS.trafficDuplicate("a"));
    expect(trafficProblem([])).toBe(BRANCH_TEXTS.trafficEmpty);
    expect(splitOf([{ branchId: "a", percentage: 100 }, { branchId: "b", percentage: 0 }])).toEqual({ a: 100 });
  });

  it("sends each conversation to a branch by its id's point, the shares laid end to end in branch id order", () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `conv_${i}`);
    for (const id of ids.slice(0, 50)) {
      const point = trafficPoint(id);
      expect(point).toBeGreaterThanOrEqual(0);
      expect(point).toBeLessThan(100);
      // "a" holds [0, 30), "b" [30, 100), whatever order the split names them in.
      expect(pickBranch({ b: 70, a: 30 }, id)).toBe(point < 30 ? "a" : "b");
      expect(pickBranch({ a: 30, b: 70 }, id)).toBe(pickBranch({ b: 70, a: 30 }, id));
    }
    const toA = ids.filter((id) => pickBranch({ a: 30, b: 70 }, id) === "a").length / ids.length;
    expect(toA).toBeGreaterThan(0.25);
    expect(toA).toBeLessThan(0.35);
    expect(pickBranch(null, "conv_1")).toBe(MAIN_BRANCH.id);
    expect(pickBranch({ a: 100 }, "conv_1")).toBe("a");
    expect(liveShare(null, MAIN_BRANCH.id)).toBe(100);
    expect(liveShare(null, "a")).toBe(0);
    expect(liveShare({ a: 100 }, MAIN_BRANCH.id)).toBe(0);
  });
});

describe("merging a branch", () => {
  it("takes what the source changed, keeps what only the target changed", () => {
    const base = config("You help shoppers.");
    const source = config("You help shoppers kindly.");
    const target = config("You help shoppers.", "de");
    const { merged, conflicts, overriddenFields } = mergeConfigs(base, source, target, false);
    expect(conflicts).toEqual([]);
    expect(overriddenFields).toEqual(["conversation_config.agent.prompt.prompt"]);
    expect(merged.conversation_config).toEqual({ agent: { language: "de", prompt: { prompt: "You help shoppers kindly.", tool_ids: ["t1"] } } });
    // The inputs are not changed.
    expect(target.conversation_config).toEqual(config("You help shoppers.", "de").conversation_config);
  });

  it("reports a field both changed differently as a conflict, and with force takes the source's", () => {
    const base = config("A");
    const source = config("B", "en", { ban: true });
    const target = config("C");
    const refused = mergeConfigs(base, source, target, false);
    expect(refused.conflicts).toEqual([{ path: "conversation_config.agent.prompt.prompt", section: "conversation_config", base_value: "A", source_value: "B", target_value: "C" }]);
    expect(refused.merged.conversation_config).toEqual(target.conversation_config);
    expect(refused.merged.platform_settings).toEqual({ widget: { variant: "compact" }, ban: true });
    const forced = mergeConfigs(base, source, target, true);
    expect(forced.merged.conversation_config).toEqual(source.conversation_config);
    expect(forced.overriddenFields).toContain("conversation_config.agent.prompt.prompt");
  });

  it("treats arrays as values, removes what the source removed, and finds nothing to do when both agree", () => {
    const base = config("A");
    const source: MergeableConfig = { ...config("A"), tags: ["shop", "new"], platform_settings: {} };
    const merged = mergeConfigs(base, source, config("A"), false).merged;
    expect(merged.tags).toEqual(["shop", "new"]);
    expect(merged.platform_settings).toEqual({ widget: {} });
    const same = mergeConfigs(base, config("B"), config("B"), false);
    expect(same.conflicts).toEqual([]);
    expect(same.overriddenFields).toEqual([]);
  });
});

describe("conversations on a chosen branch and uses on branches (decision 0085)", () => {
  const random = "ab".repeat(24);

  it("puts the branch into the signature and reads it back; anything else is not a signature", () => {
    expect(signatureWithBranch(random, null)).toBe(random);
    expect(signatureParts(signatureWithBranch(random, "agtbrch_x1"))).toEqual({ random, branchId: "agtbrch_x1", versionId: null });
    expect(signatureParts(random)).toEqual({ random, branchId: null, versionId: null });
    expect(signatureParts(`${random}.`)).toBeNull();
    expect(signatureParts(`${random}.a/b`)).toBeNull();
    expect(signatureParts("AB".repeat(24))).toBeNull();
  });

  it("names the agents using something on main, then each branch or draft using it, once each", () => {
    expect(inUseNames(["Shop", "Desk"], [{ agentName: "Shop", branchName: "Kinder", draft: false }, { agentName: "Shop", branchName: "Main", draft: true }, { agentName: "Shop", branchName: "Kinder", draft: false }])).toEqual([
      "Shop",
      "Desk",
      "Shop (branch Kinder)",
      "Shop (draft on Main)",
    ]);
    expect(inUseNames([], [])).toEqual([]);
  });

  it("puts a chosen version into the signature after its branch; the version alone is not a signature", () => {
    expect(signatureWithBranch(random, "main", "agtvrsn_v1")).toBe(`${random}.main.agtvrsn_v1`);
    expect(signatureParts(signatureWithBranch(random, "agtbrch_x1", "agtvrsn_v1"))).toEqual({ random, branchId: "agtbrch_x1", versionId: "agtvrsn_v1" });
    expect(signatureWithBranch(random, null, "agtvrsn_v1")).toBe(random);
    expect(signatureParts(`${random}.main.`)).toBeNull();
    expect(signatureParts(`${random}.main.v1.v2`)).toBeNull();
  });

  it("lets a conversation choose the agent's versions only, on the branch named beside them", () => {
    const version = { agentId: "agent_a", branchId: "agtbrch_x1" };
    expect(chosenVersionProblem(version, "agent_a", null)).toBeNull();
    expect(chosenVersionProblem(version, "agent_a", "agtbrch_x1")).toBeNull();
    expect(chosenVersionProblem(version, "agent_a", "main")).toBe(BRANCH_TEXTS.versionNotOnBranch);
    expect(chosenVersionProblem(version, "agent_b", null)).toBe(BRANCH_TEXTS.versionNotFound);
    expect(chosenVersionProblem(null, "agent_a", null)).toBe(BRANCH_TEXTS.versionNotFound);
  });

  it("lists as dependents every agent the refusal names, once, and each branch using it (main only through its draft)", () => {
    const shop = { id: "agent_shop", name: "Shop", createdAt: 2 };
    const use = (agentId: string, agentName: string, branchId: string, branchName: string, draft: boolean) => ({ agentId, agentName, agentCreatedAt: agentId === "agent_desk" ? 3 : 2, branchId, branchName, draft });
    const found = dependentsOf([shop], [use("agent_shop", "Shop", "agtbrch_k", "Kinder", false), use("agent_shop", "Shop", "agtbrch_k", "Kinder", true), use("agent_desk", "Desk", "main", "Main", true)]);
    expect(found.agents).toEqual([{ id: "agent_desk", name: "Desk", createdAt: 3 }, shop]);
    expect(found.branches).toEqual([
      { agent_id: "agent_desk", agent_name: "Desk", branch_id: "main", branch_name: "Main", is_main: true },
      { agent_id: "agent_shop", agent_name: "Shop", branch_id: "agtbrch_k", branch_name: "Kinder", is_main: false },
    ]);
    expect(dependentsOf([shop], [])).toEqual({ agents: [shop], branches: [] });
  });
});

describe("the Branches tab's intents (decision 0094)", () => {
  it("are the tab's own: the page's other forms show their refusals at the top", () => {
    for (const intent of ["create-branch", "archive-branch", "propose", "approve", "request-changes", "comment", "merge", "close-proposal"]) expect(isBranchPageIntent(intent)).toBe(true);
    for (const intent of ["save", "save-tools", "detach", "", undefined]) expect(isBranchPageIntent(intent)).toBe(false);
  });
});

describe("how far a branch and main have parted (commits_ahead, commits_behind)", () => {
  const v = (id: string, branchId: string, seq: number, mergedFromVersionId: string | null = null): VersionNode => ({ id, branchId, seq, mergedFromVersionId });
  // Main m1, m2; the branch k starts from m2 (k1, its "created" version, then k2); main moves on to m3.
  const history = [v("m3", "main", 3), v("k2", "k", 2), v("m1", "main", 1), v("k1", "k", 1), v("m2", "main", 2)];
  const starts = new Map<string, string | null>([
    ["main", null],
    ["k", "m2"],
    ["n", "k1"],
  ]);

  it("counts each side's versions since the version the branch started from, in any order given", () => {
    expect(commitsApart(history, starts, "k")).toEqual({ ahead: 2, behind: 1 });
    expect(commitsApart(history, starts, "main")).toEqual({ ahead: 0, behind: 0 });
    // A branch from another branch's version counts that branch's versions before it too.
    expect(commitsApart([...history, v("n1", "n", 1)], starts, "n")).toEqual({ ahead: 2, behind: 1 });
  });

  it("counts from the last merge either way: merged into main, nothing is ahead; rebased onto main, nothing is behind", () => {
    expect(commitsApart([...history, v("m4", "main", 4, "k2")], starts, "k")).toEqual({ ahead: 0, behind: 2 });
    expect(commitsApart([...history, v("k3", "k", 3, "m3")], starts, "k")).toEqual({ ahead: 3, behind: 0 });
    // Merged, then the branch moves on: only its new version is ahead.
    expect(commitsApart([...history, v("m4", "main", 4, "k2"), v("k3", "k", 3)], starts, "k")).toEqual({ ahead: 1, behind: 2 });
  });

  it("is not counted for a branch without versions, and reads as the tab shows it", () => {
    expect(commitsApart(history, starts, "agtbrch_none")).toBeNull();
    expect(commitsApart([v("k1", "k", 1)], starts, "k")).toBeNull();
    expect(BRANCH_PAGE_TEXTS.apart(2, 1)).toBe("2 ahead, 1 behind main");
  });
});
