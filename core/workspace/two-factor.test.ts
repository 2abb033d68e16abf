import { describe, expect, it } from "vitest";
import { isOpenWithoutSecondFactor, mustSetUpSecondFactor } from "./two-factor";

describe("two-factor sign-in required for members", () => {
  it("holds back only a person without a factor while the workspace requires one", () => {
    expect(mustSetUpSecondFactor({ requiredAt: null, hasSecondFactor: false, serviceAccount: false })).toBe(false);
    expect(mustSetUpSecondFactor({ requiredAt: 1, hasSecondFactor: false, serviceAccount: false })).toBe(true);
    expect(mustSetUpSecondFactor({ requiredAt: 1, hasSecondFactor: true, serviceAccount: false })).toBe(false);
    expect(mustSetUpSecondFactor({ requiredAt: 1, hasSecondFactor: false, serviceAccount: true })).toBe(false);
  });

  it("leaves settings, sign-out and invites open (and their data requests), nothing else", () => {
    for (const path of ["/app/settings", "/app/settings/", "/app/settings.data", "/app/sign-out", "/app/settings/workspace-invites", "/app/settings/workspace-invites.data"]) {
      expect(isOpenWithoutSecondFactor(path), path).toBe(true);
    }
    for (const path of ["/app/home", "/app/settings/api-keys", "/app/settings/webhooks", "/app/workspace/security", "/app/settingsx", "/app/settings/workspace-invites/x"]) {
      expect(isOpenWithoutSecondFactor(path), path).toBe(false);
    }
  });
});
