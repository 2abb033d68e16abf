import { Link } from "@remix-run/react";
import { NumberedSteps } from "~/marketing/components/numbered-steps";
import { MarketingLayout } from "~/marketing/components/site-chrome";
import { LinkButton } from "~/common/ui/button";
import { PRODUCT_NAME } from "../../core/brand";
import { publicHeaders, publicMeta } from "~/marketing/public-meta";
import { SIGN_UP_PATH } from "~/common/rules/navigation";
import { BUILT_IN_VOICES } from "~/marketing/rules/speech-claims";
import { ACX, PROJECT_LIMIT, QUALITY_PRESETS, qualityPresetLabel } from "../../core/studio/studio-rules";

export const headers = publicHeaders;

export const meta = publicMeta({
  title: `Studio · ${PRODUCT_NAME}`,
  description: "Long-form audio: books and articles in chapters, a voice per paragraph, converted chapter by chapter and exported as an audiobook; and voiceovers for your videos.",
  path: "/studio",
});

const STEPS = [
  { title: "Import", text: "Paste text or import plain text, Markdown, HTML or an EPUB, or give a web address: headings (or the EPUB's spine) become chapters, paragraphs become blocks." },
  { title: "Voice it", text: "Pick a voice for titles and one for paragraphs, then change any paragraph's voice. Pronunciation dictionaries fix how names are said." },
  { title: "Convert", text: "Chapters convert in parallel in a queue while you watch their progress. Edit a paragraph and only that paragraph is converted, and charged, again." },
  { title: "Export", text: "Download a chapter or the whole book as MP3, a ZIP of chapters, or one audiobook file whose chapter marks players show." },
];

export default function StudioLanding() {
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-4xl space-y-6 px-4 py-16">
        <h1 className="text-4xl font-bold tracking-tight">Studio</h1>
        <p className="text-lg text-muted-foreground">
          Turn a book or an article into long-form audio: chapters in a sidebar, a voice for each paragraph, play from any paragraph, and an audiobook to download. Programs
          do the same through the API (<code>/v1/studio/projects</code>).
        </p>
        <p className="text-muted-foreground">{BUILT_IN_VOICES}</p>
        <LinkButton to={SIGN_UP_PATH}>Start for free</LinkButton>
        <h2 className="pt-6 text-xl font-semibold">How it works</h2>
        <NumberedSteps steps={STEPS} />
        <h2 className="pt-6 text-xl font-semibold">Ready for audiobook stores</h2>
        <p className="text-muted-foreground">
          With audiobook loudness switched on, every chapter is brought to {ACX.rmsDb.min} to {ACX.rmsDb.max} dB RMS with peaks under {ACX.peakMaxDb} dB and a noise floor
          under {ACX.noiseFloorMaxDb} dB, with room tone before and after, as ACX asks. The audiobook file is an MP3 with ID3 chapter marks, titled with the book&apos;s
          title, author and cover.
        </p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
          {QUALITY_PRESETS.map((preset) => (
            <li key={preset}>{qualityPresetLabel(preset)}</li>
          ))}
        </ul>
        <h2 className="pt-6 text-xl font-semibold">Voiceover videos</h2>
        <p className="text-muted-foreground">
          Upload an MP4 or WebM video, place lines of dialogue (each with its voice, speed and stability) and sound effects on its timeline, preview them over the picture,
          and render: the picture is copied as it is, and the new track is mixed with the video&apos;s own sound, kept or lowered under the dialogue. Each line is charged
          once, however often you render.
        </p>
        <p className="text-sm text-muted-foreground">
          Studio is on every plan: {PROJECT_LIMIT.free} projects on the free plan, {PROJECT_LIMIT.starter} on Starter; the Studio API from Starter up.{" "}
          <Link to="/pricing" className="underline">
            See pricing
          </Link>
          .
        </p>
        <p className="text-sm text-muted-foreground">
          Already have an account? <Link to="/app/studio" className="underline">Open Studio</Link> or the{" "}
          <Link to="/app/voiceover-studio" className="underline">
            voiceover studio
          </Link>
          .
        </p>
      </section>
    </MarketingLayout>
  );
}
