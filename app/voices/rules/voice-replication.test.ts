import { describe, expect, it } from "vitest";
import { replicationRefusal, sameWorkspaceRefusal } from "./voice-replication";

describe("voice replication rules", () => {
  it("copies instant clones and designed voices only", () => {
    expect(replicationRefusal({ category: "cloned", originalVoiceId: null })).toBeNull();
    expect(replicationRefusal({ category: "generated", originalVoiceId: null })).toBeNull();
    expect(replicationRefusal({ category: "professional", originalVoiceId: null })?.message).toMatch(/Professional/);
    expect(replicationRefusal({ category: "premade", originalVoiceId: null })?.message).toMatch(/Premade/);
    expect(replicationRefusal({ category: "cloned", originalVoiceId: "lib" })?.message).toMatch(/voice library/);
    expect(replicationRefusal({ category: "generated", originalVoiceId: "lib" })?.status).toBe("voice_not_replicable");
  });

  it("needs another workspace", () => {
    expect(sameWorkspaceRefusal("w1", "w1")?.status).toBe("same_workspace");
    expect(sameWorkspaceRefusal("w1", "w2")).toBeNull();
  });
});
