import { useEffect, useRef } from "react";
import { LISTEN_REPORT_SECONDS } from "~/publishing/rules/publishing";

/**
 * The listening page's player. It reports to /reads/{id}/events, without cookies: the first play of this page
 * view, the seconds actually listened (seeking does not count) at least every LISTEN_REPORT_SECONDS and when
 * paused or left, and reaching the end.
 */
export function ReadPlayer({ readId, audioUrl, title }: { readId: string; audioUrl: string; title: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const endpoint = `/reads/${readId}/events`;
    const send = (event: object) => {
      // keepalive outlives the page closing; no credentials go with it, so nothing identifies the listener.
      void fetch(endpoint, { method: "POST", body: JSON.stringify(event), headers: { "content-type": "text/plain" }, keepalive: true, credentials: "omit" }).catch(() => undefined);
    };
    let played = false;
    let completed = false;
    let last = element.currentTime;
    let pending = 0;
    const flush = () => {
      if (pending > 0.5) send({ type: "listen", seconds: Math.round(pending * 10) / 10 });
      pending = 0;
    };
    const onPlay = () => {
      last = element.currentTime;
      if (!played) send({ type: "play" });
      played = true;
    };
    const onTime = () => {
      const step = element.currentTime - last;
      last = element.currentTime;
      // Only playback moves time forward in small steps: a jump is a seek, not listening.
      if (step > 0 && step < 2) pending += step;
      if (pending >= LISTEN_REPORT_SECONDS) flush();
    };
    const onEnded = () => {
      flush();
      if (!completed) send({ type: "complete" });
      completed = true;
    };
    const onHide = () => flush();
    element.addEventListener("play", onPlay);
    element.addEventListener("timeupdate", onTime);
    element.addEventListener("pause", flush);
    element.addEventListener("ended", onEnded);
    window.addEventListener("pagehide", onHide);
    return () => {
      flush();
      element.removeEventListener("play", onPlay);
      element.removeEventListener("timeupdate", onTime);
      element.removeEventListener("pause", flush);
      element.removeEventListener("ended", onEnded);
      window.removeEventListener("pagehide", onHide);
    };
  }, [readId]);
  return <audio ref={audio} controls preload="metadata" src={audioUrl} aria-label={`Listen to ${title}`} className="w-full" data-testid="read-audio" />;
}
