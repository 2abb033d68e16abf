import { useEffect, useRef } from "react";
import { playerMarkup, type PlayerLook } from "~/audio-native/rules/audio-native";

/**
 * The player as a site shows it: the same markup the embed script places, in a shadow root so its style stays
 * its own. A still preview (nothing to play): the look, updated as the settings change.
 */
export function PlayerPreview({ look, durationSeconds = 154 }: { look: PlayerLook; durationSeconds?: number }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: "open" });
    root.innerHTML = playerMarkup({ ...look, durationSeconds, status: "ready" });
    const button = root.querySelector("button");
    if (button) {
      button.disabled = true;
      button.setAttribute("aria-label", "Play (preview)");
    }
  }, [look, durationSeconds]);
  return <div ref={host} data-testid="player-preview" />;
}

/** The real player of a project, loaded by the embed script exactly as another site loads it. */
export function LivePlayer({ projectId }: { projectId: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element || element.getAttribute("data-parlance-mounted")) return;
    const script = document.createElement("script");
    script.src = "/audio-native/embed.js";
    script.async = true;
    // The script looks for its elements when it runs; a second player page reruns it for its own element.
    document.body.appendChild(script);
    return () => {
      script.remove();
    };
  }, [projectId]);
  return <div ref={host} data-audionative-player="" data-projectid={projectId} data-testid="live-player" />;
}
