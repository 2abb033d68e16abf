import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Library, SearchX } from "lucide-react";
import { Avatar } from "~/common/ui/avatar";
import { Badge } from "~/common/ui/badge";
import { LinkButton } from "~/common/ui/button";
import { Card } from "~/common/ui/card";
import { EmptyState } from "~/common/ui/feedback";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { AddSharedVoice, CopyLinkButton } from "~/voices/components/library-voice-card";
import { VoicePreviewButton } from "~/voices/components/voice-preview";
import { VoiceTags } from "~/voices/components/voice-tags";
import { libraryVoiceOption, sharedVoicePath } from "~/voices/library-json";
import { findSharedVoice, voiceFlags } from "~/voices/voices.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.voice?.name ?? "Shared voice"} · Voice Library · ${PRODUCT_NAME}` }];

/** The public link of a shared voice: who it is, its preview and Add. A voice not (or no longer) shared reads as unknown. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const voice = await findSharedVoice(context.cloudflare.env, viewer, params.publicUserId ?? "", params.voiceId ?? "");
  return { voice: voice && libraryVoiceOption(voice, viewer.membership.workspace.id, await voiceFlags(context.cloudflare.env, [voice])) };
}

export default function SharedVoice() {
  const { voice } = useLoaderData<typeof loader>();
  if (!voice) {
    return (
      <Page title="Shared voice">
        <EmptyState icon={<SearchX />} title="This voice is not shared." action={<LinkButton to="/app/voice-library">Browse the Voice Library</LinkButton>}>
          Its owner may have stopped sharing it, or the link is wrong.
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page
      title={voice.name}
      description="A voice shared in the Voice Library."
      actions={
        <LinkButton to="/app/voice-library" variant="secondary">
          <Library aria-hidden="true" /> Voice Library
        </LinkButton>
      }
    >
      <Card className="flex flex-col gap-4 p-5" data-testid="shared-voice" data-voice-id={voice.voice_id}>
        <div className="flex items-start gap-4">
          <Avatar seed={voice.voice_id} name={voice.name} size="lg" />
          <div className="min-w-0 flex-1">
            <VoiceTags voice={voice} accent />
            <p className="mt-2 text-sm text-muted-foreground">{voice.description}</p>
            <p className="mt-2 flex flex-wrap gap-1">
              {voice.age ? <Badge tone="outline">{voice.age.replace(/_/g, " ")}</Badge> : null}
              {voice.use_case ? <Badge tone="outline">{voice.use_case.replace(/_/g, " ")}</Badge> : null}
              {voice.live_moderation ? <Badge tone="warning">Live moderated</Badge> : null}
            </p>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">{`Added ${voice.cloned_by_count} ${voice.cloned_by_count === 1 ? "time" : "times"} · ${voice.usage_7d.toLocaleString("en")} characters spoken this week`}</p>
        <div className="flex flex-wrap items-center gap-2">
          <VoicePreviewButton voice={voice} labelled />
          <CopyLinkButton path={sharedVoicePath(voice.public_owner_id, voice.voice_id)} />
          <span className="ml-auto">
            <AddSharedVoice voice={voice} />
          </span>
        </div>
      </Card>
    </Page>
  );
}
