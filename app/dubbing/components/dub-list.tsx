import { Link } from "@remix-run/react";
import { Languages, Trash2 } from "lucide-react";
import { Badge, type BadgeTone } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent } from "~/common/ui/card";
import { EmptyState, Meter } from "~/common/ui/feedback";
import { IconButton } from "~/common/ui/icon-button";
import { dubbingLanguageName, sourceLanguageLabel, type DubStatus } from "../../../core/dubbing/dub-rules";

export type DubListItem = {
  id: string;
  name: string;
  status: DubStatus;
  error: string | null;
  refunded: boolean;
  progress: number;
  progressMessage: string;
  sourceLang: string;
  /** The source was asked as 'auto' (sourceLang is then what was detected, or still 'auto'). */
  autoSource: boolean;
  targetLang: string;
  createdAt: number;
  durationSeconds: number;
  hadVideo: boolean;
};

const STATUS: Record<DubStatus, { label: string; tone: BadgeTone }> = {
  dubbing: { label: "Dubbing", tone: "accent" },
  dubbed: { label: "Dubbed", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
};

export const StatusBadge = ({ status }: { status: DubStatus }) => <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;

const seconds = (value: number) => `${Math.floor(value / 60)}:${String(Math.round(value % 60)).padStart(2, "0")}`;

/** The workspace's dubs with status and progress; the page polls while one is in progress. */
export function DubList({ dubs, onCreate, onDeleted }: { dubs: DubListItem[]; onCreate: () => void; onDeleted: () => void }) {
  if (dubs.length === 0) {
    return (
      <EmptyState icon={<Languages aria-hidden="true" />} title="No dubs yet" action={<Button onClick={onCreate}>New dub</Button>}>
        Upload a recording or a video of people talking and get it back in another language.
      </EmptyState>
    );
  }
  async function remove(id: string) {
    const response = await fetch(`/v1/dubbing/${id}`, { method: "DELETE" });
    if (response.ok) onDeleted();
  }
  return (
    <ul className="flex flex-col gap-3" data-testid="dub-list">
      {dubs.map((dub) => (
        <li key={dub.id}>
          <Card>
            <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={`/app/dubbing/${dub.id}`} className="truncate font-medium text-foreground underline-offset-4 hover:underline">
                    {dub.name}
                  </Link>
                  <StatusBadge status={dub.status} />
                </div>
                <p className="text-sm text-muted-foreground">
                  {sourceLanguageLabel(dub.sourceLang, dub.autoSource)} → {dubbingLanguageName(dub.targetLang)} · {seconds(dub.durationSeconds)} · {dub.hadVideo ? "video" : "audio"}
                </p>
                {dub.status === "dubbing" ? <Meter progress label={`Progress of ${dub.name}`} value={Math.round(dub.progress * 100)} max={100} valueText={`${dub.progressMessage} (${Math.round(dub.progress * 100)}%)`} /> : null}
                {dub.status === "failed" ? (
                  <p className="text-sm text-muted-foreground">
                    {dub.error}
                    {dub.refunded ? " The credits were given back." : ""}
                  </p>
                ) : null}
              </div>
              <IconButton label={`Delete ${dub.name}`} icon={<Trash2 aria-hidden="true" />} onClick={() => remove(dub.id)} />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
