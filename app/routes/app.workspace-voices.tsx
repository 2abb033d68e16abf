import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Mic, ShieldAlert } from "lucide-react";
import { Badge } from "~/common/ui/badge";
import { EmptyState } from "~/common/ui/feedback";
import { Page } from "~/common/ui/page";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { PRODUCT_NAME } from "../../core/brand";
import { isAdmin } from "../../core/workspace/roles";
import { requireViewer } from "~/accounts/accounts.server";
import { sharedVoicePath } from "~/voices/library-json";
import { isPublished } from "~/voices/rules/voice-library";
import { voiceLimitFor } from "~/voices/rules/voice-limits";
import { publishedFigures, workspaceOwnVoices } from "~/voices/voices.server";

export const meta: MetaFunction = () => [{ title: `Workspace voices · ${PRODUCT_NAME}` }];

const CATEGORY_LABEL: Record<string, string> = { cloned: "Instant clone", generated: "Designed", professional: "Professional clone" };

/** An admin's view of the workspace's own voices: what each is, whether it is shared and how often it was added. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  if (!isAdmin(viewer.membership.role)) return { admin: false as const };
  const env = context.cloudflare.env;
  const [voices, figures] = await Promise.all([workspaceOwnVoices(env, viewer), publishedFigures(env, viewer)]);
  return {
    admin: true as const,
    limit: voiceLimitFor(viewer.membership.workspace.tier),
    voices: voices.map((voice) => ({
      voice_id: voice.voiceId,
      name: voice.name,
      category: voice.category,
      createdAt: voice.createdAt,
      fromLibrary: voice.originalVoiceId !== null,
      sharing: isPublished(voice.sharingStatus) ? (voice.sharingStatus === "enabled" ? "Shared" : "Shared, listen only") : null,
      link: isPublished(voice.sharingStatus) && voice.publicOwnerId ? sharedVoicePath(voice.publicOwnerId, voice.voiceId) : null,
      addedCount: figures.get(voice.voiceId)?.clonedByCount ?? null,
    })),
  };
}

const formatDate = (unix: number) => new Date(unix * 1000).toLocaleDateString("en", { year: "numeric", month: "short", day: "numeric" });

export default function WorkspaceVoices() {
  const data = useLoaderData<typeof loader>();
  if (!data.admin) {
    return (
      <Page title="Workspace voices">
        <EmptyState icon={<ShieldAlert />} title="Only workspace admins see this page.">
          Ask an admin of your workspace.
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page title="Workspace voices" description={`The voices your workspace keeps: ${data.voices.length} of the ${data.limit} your plan allows.`} width="wide">
      {data.voices.length === 0 ? (
        <EmptyState icon={<Mic />} title="The workspace has no voice of its own yet.">
          Voices added from the <Link to="/app/voice-library" className="underline">Voice Library</Link> appear here.
        </EmptyState>
      ) : (
        <Table>
          <TableHead>
            <tr>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Kind</TableHeaderCell>
              <TableHeaderCell className="hidden sm:table-cell">Library</TableHeaderCell>
              <TableHeaderCell className="hidden md:table-cell">Created</TableHeaderCell>
            </tr>
          </TableHead>
          <tbody>
            {data.voices.map((voice) => (
              <TableRow key={voice.voice_id} data-testid="workspace-voice">
                <TableCell className="font-medium">{voice.name}</TableCell>
                <TableCell>
                  <span className="flex flex-wrap gap-1">
                    <Badge tone="outline">{CATEGORY_LABEL[voice.category] ?? voice.category}</Badge>
                    {voice.fromLibrary ? <Badge tone="accent">From the library</Badge> : null}
                  </span>
                </TableCell>
                <TableCell className="hidden text-muted-foreground sm:table-cell">
                  {voice.link ? (
                    <Link to={voice.link} className="underline-offset-4 hover:underline">{`${voice.sharing} · added ${voice.addedCount ?? 0} ${voice.addedCount === 1 ? "time" : "times"}`}</Link>
                  ) : voice.fromLibrary ? (
                    "A copy: only its owner shares it"
                  ) : (
                    "Not shared"
                  )}
                </TableCell>
                <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">{formatDate(voice.createdAt)}</TableCell>
              </TableRow>
            ))}
          </tbody>
        </Table>
      )}
    </Page>
  );
}
