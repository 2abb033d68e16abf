import { describe, expect, it } from "vitest";
import { APP_SECTIONS, visibleSections } from "./navigation";

const paths = (access: Parameters<typeof visibleSections>[0]) => visibleSections(access).map((s) => s.to);

describe("the sidebar shows what the viewer may use", () => {
  it("an admin sees every section but the support staff's, which only staff see", () => {
    expect(paths({ admin: true, permissions: [] })).toEqual(APP_SECTIONS.filter((s) => s.requires !== "support_staff").map((s) => s.to));
    expect(paths({ admin: true, permissions: [] })).not.toContain("/app/support/voice-verifications");
    expect(paths({ admin: false, permissions: [], supportStaff: true })).toContain("/app/support/voice-verifications");
  });

  it("a member without a permission does not see its sections, nor the admins' ones", () => {
    const shown = paths({ admin: false, permissions: ["voice_lab"] });
    expect(shown).toContain("/app/voice-lab");
    expect(shown).toContain("/app/home");
    expect(shown).toContain("/app/workspace/members");
    for (const hidden of ["/app/speech-synthesis/text-to-speech", "/app/studio", "/app/settings/api-keys", "/app/workspace/webhooks", "/app/workspace/voice-library", "/app/workspace/security", "/app/workspace/service-accounts", "/app/workspace-voices"]) {
      expect(shown).not.toContain(hidden);
    }
  });

  it("workspace settings through a group shows the settings pages, never the admins' own", () => {
    const shown = paths({ admin: false, permissions: ["workspace_settings"] });
    expect(shown).toContain("/app/workspace/webhooks");
    expect(shown).toContain("/app/workspace/voice-library");
    expect(shown).not.toContain("/app/workspace/security");
  });
});
