import { Link, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { ArrowLeft, Download } from "lucide-react";
import { Page } from "~/common/ui/page";
import { buttonClass } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Hint, Meter } from "~/common/ui/feedback";
import { dubbingLanguageName, sourceLanguageLabel, type DubSegment } from "../../../core/dubbing/dub-rules";
import { STUDIO_TEXTS } from "~/dubbing/rules/studio";
import { StatusBadge, type DubListItem } from "./dub-list";
import { StudioEditor, type StudioSpeaker } from "./studio-editor";
import type { AddLanguageProps } from "./add-language";

type Output = { language: string; hasVideo: boolean; videoType: string | null };
type Speaker = StudioSpeaker;
type Studio = { version: number; voices: { id: string; name: string }[]; language: string; adding: Omit<AddLanguageProps, "lines">; typing: string | null; removed: string | null; redubbed: number | null };

const POLL_MS = 1500;
const time = (seconds: number) => `${Math.floor(seconds / 60)}:${(seconds % 60).toFixed(1).padStart(4, "0")}`;

/** One dub: its progress while it runs, then the result to play and download, its subtitles and its lines. */
export function DubView({ dub, languages, outputs, segments, speakers, studio, studioAllowed }: { dub: DubListItem; languages: string[]; outputs: Output[]; segments: DubSegment[]; speakers: Speaker[]; studio: Studio | null; studioAllowed: boolean }) {
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  useEffect(() => {
    if (dub.status !== "dubbing") return;
    // Each tick asks again even when the last answer is still outstanding (a new revalidation replaces it), so
    // one lost request never stops the polling.
    const timer = setInterval(() => revalidator.revalidate(), POLL_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revalidate is stable in use; the object is not
  }, [dub.status]);
  const source = dub.sourceLang === "auto" ? "en" : dub.sourceLang;
  const speakerName = (id: string) => speakers.find((s) => s.id === id)?.name ?? id;
  return (
    <Page
      title={dub.name}
      description={`${sourceLanguageLabel(dub.sourceLang, dub.autoSource)} → ${languages.map(dubbingLanguageName).join(", ")}`}
      actions={
        <Link to="/app/dubbing" className={buttonClass("secondary")}>
          <ArrowLeft aria-hidden="true" />
          All dubs
        </Link>
      }
    >
      <Card>
        <CardHeader title="Status" actions={<StatusBadge status={dub.status} />} />
        <CardContent className="flex flex-col gap-2">
          {dub.status === "dubbing" ? (
            <>
              <Meter progress label="Dubbing progress" value={Math.round(dub.progress * 100)} max={100} valueText={`${dub.progressMessage} (${Math.round(dub.progress * 100)}%)`} />
              <p className="text-sm text-muted-foreground" data-testid="dub-progress">
                {dub.progressMessage} · {Math.round(dub.progress * 100)}%
              </p>
            </>
          ) : null}
          {dub.status === "failed" ? (
            <Hint tone="error" className="text-sm">
              {dub.error}
              {dub.refunded ? " The credits were given back." : ""}
            </Hint>
          ) : null}
          {dub.status === "dubbed" ? <p className="text-sm text-muted-foreground">Dubbed. The voices are espeak-ng formant voices set to each speaker&apos;s pitch and pace: recognisably synthetic.</p> : null}
        </CardContent>
      </Card>

      {outputs.map((output) => {
        const base = `/v1/dubbing/${dub.id}`;
        return (
          <Card key={output.language} data-testid={`dub-output-${output.language}`}>
            <CardHeader title={`${dubbingLanguageName(output.language)} dub`} description={output.hasVideo ? "The original picture with the dubbed sound track (remuxed, not re-encoded)." : "The dubbed audio over the original background."} />
            <CardContent className="flex flex-col gap-4">
              {output.hasVideo ? (
                <video controls src={`${base}/audio/${output.language}?v=${studio?.version ?? 0}`} className="w-full rounded-lg bg-muted" data-testid="dub-video">
                  <track kind="subtitles" src={`${base}/transcript/${output.language}?format_type=webvtt&as_file=true`} srcLang={output.language} label={dubbingLanguageName(output.language)} default />
                </video>
              ) : (
                <audio controls src={`${base}/audio/${output.language}?v=${studio?.version ?? 0}`} className="w-full" data-testid="dub-audio" />
              )}
              <div className="flex flex-wrap gap-2">
                <a href={`${base}/audio/${output.language}`} download className={buttonClass("secondary")}>
                  <Download aria-hidden="true" />
                  {output.hasVideo ? "Video" : "Audio (MP3)"}
                </a>
                {output.hasVideo ? (
                  <a href={`${base}/audio/${output.language}?format=audio`} download className={buttonClass("secondary")}>
                    <Download aria-hidden="true" />
                    Audio (MP3)
                  </a>
                ) : null}
                {(["srt", "webvtt"] as const).flatMap((format) =>
                  [source, output.language].map((language) => (
                    <a key={`${format}-${language}`} href={`${base}/transcript/${language}?format_type=${format}&as_file=true`} download={`${dub.name}_${language}.${format === "srt" ? "srt" : "vtt"}`} className={buttonClass("ghost")}>
                      <Download aria-hidden="true" />
                      {dubbingLanguageName(language)} {format === "srt" ? "SRT" : "WebVTT"}
                    </a>
                  )),
                )}
              </div>
            </CardContent>
          </Card>
        );
      })}

      {studio && segments.length ? (
        <StudioEditor
          key={studio.language}
          dubId={dub.id}
          source={source}
          target={studio.language}
          languages={languages}
          added={searchParams.get("added") === "1" ? "translated" : searchParams.get("added") === "typed" ? "typed" : null}
          removed={studio.removed}
          redubbed={studio.redubbed}
          adding={{ ...studio.adding, lines: segments.length }}
          typing={studio.typing}
          durationSeconds={dub.durationSeconds}
          segments={segments}
          speakers={speakers}
          voices={studio.voices}
          version={studio.version}
          renderType={outputs.find((o) => o.language === studio.language)?.hasVideo ? "mp4" : "mp3"}
        />
      ) : segments.length ? (
        <Card>
          <CardHeader title="Lines" description={`${segments.length} segments, ${speakers.length} speaker${speakers.length === 1 ? "" : "s"} (${speakers.map((s) => `${s.name}${s.pitchHz ? `, about ${s.pitchHz} Hz` : ""}`).join("; ")}).${studioAllowed ? "" : ` ${STUDIO_TEXTS.needsStarter}`}`} />
          <CardContent>
            <ol className="flex flex-col divide-y divide-border" data-testid="dub-segments">
              {segments.map((segment) => (
                <li key={segment.id} className="grid gap-1 py-3 sm:grid-cols-[8rem_1fr_1fr] sm:gap-4">
                  <span className="text-sm text-muted-foreground">
                    {time(segment.start)}–{time(segment.end)}
                    <br />
                    {speakerName(segment.speakerId)}
                  </span>
                  <span className="text-sm" lang={source}>
                    {segment.text}
                  </span>
                  <span className="text-sm" lang={dub.targetLang}>
                    {segment.translations[dub.targetLang] ?? ""}
                    {segment.unknownWords?.length ? <span className="block text-xs text-muted-foreground">Not in the translator&apos;s lexicon, kept as heard: {segment.unknownWords.join(", ")}</span> : null}
                  </span>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      ) : null}
    </Page>
  );
}
