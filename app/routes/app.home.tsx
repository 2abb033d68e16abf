import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ArrowRight, AudioLines, Play, ShieldCheck } from "lucide-react";
import { TrainingOptOutDialog } from "~/accounts/components/privacy";
import { useToast } from "~/common/components/toasts";
import { EMAIL_CHANGE_RESULT_PARAM, emailChangeResultToast } from "~/accounts/rules/account-actions";
import { applyEmailChange, db, requireViewer } from "~/accounts/accounts.server";
import { recentGenerations, type RecentGeneration } from "~/history/history.server";
import { voiceOptions } from "~/voices/voices.server";
import { usePlayer } from "~/player/components/player";
import { SECTION_ICONS } from "~/common/components/app-shell";
import { APP_SECTIONS } from "~/common/rules/navigation";
import { HOME_PATH, HOME_TEXT, SHORTCUT_DESCRIPTIONS } from "~/common/rules/home";
import { formatNumber } from "~/common/rules/format";
import { relativeTimeLabel } from "~/common/rules/relative-time";
import { LinkButton } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState, Meter } from "~/common/ui/feedback";
import { IconButton } from "~/common/ui/icon-button";
import { Page, Section } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import type { SafetyControl } from "../../core/voices/voice-safety";
import { isAdmin } from "../../core/workspace/roles";
import type { AppLayoutData } from "./app";

export const meta: MetaFunction = () => [{ title: `Home · ${PRODUCT_NAME}` }];

/**
 * An e-mail change (or its revert) link lands here with internalCode and isReverting: the code is applied
 * once, then the page redirects to itself with only the outcome, so a reload or a revalidation never
 * redeems it again. The page shows the outcome as a toast.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const viewer = await requireViewer(request, context);
  const code = url.searchParams.get("internalCode");
  if (code !== null && url.searchParams.has("isReverting")) {
    const result = await applyEmailChange(db(context), viewer.user, code);
    return redirect(`/app/home?${EMAIL_CHANGE_RESULT_PARAM}=${result.ok ? "updated" : result.failure}`);
  }
  const recent = await recentGenerations(db(context), viewer);
  // A voice under a safety control keeps it when replayed from here (the player checks it, as on the history page).
  const voiceIds = new Set(recent.map((item) => item.voiceId));
  const voices = recent.length ? (await voiceOptions(context.cloudflare.env, viewer)).filter((voice) => voiceIds.has(voice.voice_id)) : [];
  return { recent, safety: Object.fromEntries(voices.map((voice) => [voice.voice_id, voice.safety_control ?? null])) as Record<string, SafetyControl | null> };
}

/** The main screen. It reads newUser, internalCode, isReverting and training_opt_out (spec §2.3). */
export default function AppHome() {
  const data = useRouteLoaderData<AppLayoutData>("routes/app");
  const { recent, safety } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const [optOutOpen, setOptOutOpen] = useState(params.get("training_opt_out") === "true");
  const newUser = params.get("newUser") === "true";

  const toast = useToast();
  const emailChangeResult = params.get(EMAIL_CHANGE_RESULT_PARAM);
  useEffect(() => {
    // The loader applied an e-mail change link: show its outcome once, then drop it from the address bar.
    if (emailChangeResult === null) return;
    const shown = emailChangeResultToast(emailChangeResult);
    if (shown) toast.show(shown.text, shown.kind);
    setParams({}, { replace: true });
  }, [emailChangeResult, toast, setParams]);

  useEffect(() => {
    // Held for the account-action dialogs, which append them to their continue redirect once.
    try {
      const internalCode = params.get("internalCode");
      if (internalCode) localStorage.setItem("internalVerificationCode", internalCode);
      if (newUser) localStorage.setItem("newUser", "true");
    } catch {
      // storage unavailable
    }
  }, [params, newUser]);

  if (!data) return null;
  const left = Math.max(0, data.credits.limit - data.credits.used);
  // The sections this member may use, as the sidebar shows them.
  const shortcuts = APP_SECTIONS.filter((section) => section.to !== HOME_PATH && data.sections.includes(section.to));
  const hasVoices = APP_SECTIONS.some((section) => section.icon === "voices");
  return (
    <Page testId="home" title={newUser ? `Welcome to ${PRODUCT_NAME}!` : `Welcome back${data.user.firstName ? `, ${data.user.firstName}` : ""}`} description={`Workspace: ${data.workspace.name}`}>
      {!data.user.emailVerified ? (
        <div role="status" className="rounded-xl border border-border bg-accent-soft p-4 text-sm text-accent-foreground">
          Please verify your e-mail address: we sent you a link.
        </div>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2" data-testid="create-speech">
          <CardHeader title={HOME_TEXT.createTitle} description={HOME_TEXT.createDescription} />
          <CardContent className="flex flex-col gap-3">
            {/* Looks like the editor it opens: the whole box leads to Text to Speech. */}
            <Link
              to="/app/speech-synthesis/text-to-speech"
              tabIndex={-1}
              aria-hidden="true"
              className="block min-h-28 rounded-xl border border-input bg-background p-3 text-sm text-muted-foreground transition-colors hover:border-ring"
            >
              {HOME_TEXT.createPlaceholder}
            </Link>
            <div className="flex flex-wrap gap-2">
              <LinkButton to="/app/speech-synthesis/text-to-speech">
                <AudioLines className="size-4" aria-hidden="true" />
                {HOME_TEXT.createAction}
              </LinkButton>
              {hasVoices ? (
                <LinkButton to="/app/default-voices" variant="ghost">
                  {HOME_TEXT.browseVoices}
                </LinkButton>
              ) : null}
            </div>
          </CardContent>
        </Card>

        <Card data-testid="home-credits">
          <CardHeader title={HOME_TEXT.creditsTitle} />
          <CardContent className="flex flex-col gap-3">
            <p>
              <span className="text-3xl font-semibold tabular-nums">{formatNumber(left)}</span>
              <span className="block text-sm text-muted-foreground">
                {HOME_TEXT.creditsPeriod} · {formatNumber(data.credits.used)} of {formatNumber(data.credits.limit)} used
              </span>
            </p>
            <Meter label="Credits used this billing period" value={data.credits.used} max={data.credits.limit} valueText={`${formatNumber(data.credits.used)} of ${formatNumber(data.credits.limit)} used`} />
            <div className="flex flex-wrap gap-2">
              <LinkButton to="/app/usage" variant="secondary" size="sm">
                {HOME_TEXT.creditsUsage}
              </LinkButton>
              <LinkButton to="/app/subscription" variant="ghost" size="sm">
                {HOME_TEXT.creditsUpgrade}
              </LinkButton>
            </div>
          </CardContent>
        </Card>
      </div>

      <Section
        title={HOME_TEXT.recentTitle}
        actions={
          recent.length ? (
            <Link to="/app/speech-synthesis/text-to-speech/history" className="inline-flex items-center gap-1 text-sm font-medium text-accent-foreground hover:underline">
              {HOME_TEXT.recentAll}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          ) : null
        }
      >
        {recent.length ? (
          <Card>
            <ul className="divide-y divide-border" aria-label={HOME_TEXT.recentTitle}>
              {recent.map((item) => (
                <RecentItem key={item.id} item={item} safetyControl={safety[item.voiceId] ?? null} />
              ))}
            </ul>
          </Card>
        ) : (
          <EmptyState
            icon={<AudioLines aria-hidden="true" />}
            title={HOME_TEXT.recentEmptyTitle}
            action={
              <LinkButton to="/app/speech-synthesis/text-to-speech" variant="secondary">
                {HOME_TEXT.recentEmptyAction}
              </LinkButton>
            }
          >
            {HOME_TEXT.recentEmptyDescription}
          </EmptyState>
        )}
      </Section>

      <Section title={HOME_TEXT.shortcutsTitle}>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="shortcuts">
          {shortcuts.map((section) => {
            const Icon = SECTION_ICONS[section.icon];
            return (
              <li key={section.to}>
                <Link to={section.to} className="flex h-full items-start gap-3 rounded-2xl border border-border bg-card p-4 transition-colors hover:bg-muted">
                  <Icon className="mt-0.5 size-5 shrink-0 text-accent-foreground" aria-hidden="true" />
                  <span className="min-w-0">
                    <span className="block font-medium">{section.label}</span>
                    {SHORTCUT_DESCRIPTIONS[section.to] ? <span className="block text-sm text-muted-foreground">{SHORTCUT_DESCRIPTIONS[section.to]}</span> : null}
                  </span>
                </Link>
              </li>
            );
          })}
          <li>
            <button type="button" onClick={() => setOptOutOpen(true)} className="flex h-full w-full items-start gap-3 rounded-2xl border border-border bg-card p-4 text-left transition-colors hover:bg-muted">
              <ShieldCheck className="mt-0.5 size-5 shrink-0 text-accent-foreground" aria-hidden="true" />
              <span className="min-w-0">
                <span className="block font-medium">{HOME_TEXT.privacyTitle}</span>
                <span className="block text-sm text-muted-foreground">{HOME_TEXT.privacyDescription}</span>
              </span>
            </button>
          </li>
        </ul>
      </Section>
      {optOutOpen ? (
        <TrainingOptOutDialog
          isAdmin={isAdmin(data.workspace.role)}
          optedOut={data.workspace.trainingOptOut}
          onClose={() => {
            setOptOutOpen(false);
            if (params.has("training_opt_out")) {
              params.delete("training_opt_out");
              setParams(params, { replace: true });
            }
          }}
        />
      ) : null}
    </Page>
  );
}

/** One of the recent generations: played through the global player, like the history page does. */
function RecentItem({ item, safetyControl }: { item: RecentGeneration; safetyControl: SafetyControl | null }) {
  const player = usePlayer();
  const src = `/v1/history/${item.id}/audio`;
  const current = player.item?.id === item.id;
  const playing = current && (player.state === "playing" || player.state === "loading");
  const label = `Play ${item.text.slice(0, 30)}`;
  return (
    <li data-testid="recent-generation" data-current={current} className="flex items-center gap-3 px-4 py-3">
      <IconButton
        label={label}
        variant={current ? "accent" : "secondary"}
        icon={<Play className="size-4" aria-hidden="true" />}
        onClick={() =>
          void player.play(
            { id: item.id, title: item.text.slice(0, 80), voiceName: item.voiceName, src, downloadName: item.fileName, historyItemId: item.id, text: item.text, voice: { voiceId: item.voiceId, name: item.voiceName, safetyControl } },
            { kind: "url", url: src },
          )
        }
      />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{item.text}</p>
        <p className="text-xs text-muted-foreground">
          {item.voiceName} · <span suppressHydrationWarning>{relativeTimeLabel(item.dateUnix)}</span>
          {playing ? <span className="ml-2 font-medium text-accent-foreground">{HOME_TEXT.playing}</span> : null}
        </p>
      </div>
    </li>
  );
}
