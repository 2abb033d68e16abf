import { Form, Link, useActionData, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { LoaderCircle, Trash2 } from "lucide-react";
import { Button, buttonClass } from "~/common/ui/button";
import { Dialog } from "~/common/ui/dialog";
import { Hint } from "~/common/ui/feedback";
import { dubbingLanguageName } from "../../../core/dubbing/dub-rules";
import { STUDIO_TEXTS } from "~/dubbing/rules/studio";
import type { LanguageFailure } from "./add-language";

/**
 * Removes the language the studio shows, after a confirmation (decision 0072). The button is a link to
 * ?remove=1, so without scripts the page comes back with the dialog open in its HTML; with them it opens at once.
 * The dialog's plain form posts to the route's action; a dub's last language cannot go (disabled, with the reason).
 */
export function RemoveLanguage({ dubId, language, count }: { dubId: string; language: string; count: number }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const answer = useActionData<LanguageFailure>();
  const failure = answer?.intent === "remove-language" && answer.language === language ? answer : undefined;
  const [opened, setOpened] = useState(false);
  const here = `/app/dubbing/${dubId}?language=${language}`;
  const asked = searchParams.get("remove") === "1";
  const open = opened || asked || failure !== undefined;
  const removing = navigation.state !== "idle" && navigation.formData?.get("intent") === "remove-language";
  const name = dubbingLanguageName(language);
  const close = () => {
    setOpened(false);
    if (asked || failure) navigate(here, { replace: true, preventScrollReset: true });
  };
  if (count <= 1) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="ghost" disabled aria-describedby="studio-remove-language-reason" data-testid="studio-remove-language">
          <Trash2 aria-hidden="true" />
          {`Remove ${name}`}
        </Button>
        <span id="studio-remove-language-reason" className="text-xs text-muted-foreground" data-testid="studio-remove-language-reason">
          {STUDIO_TEXTS.lastLanguage}
        </span>
      </div>
    );
  }
  return (
    <>
      <Link
        to={`${here}&remove=1`}
        preventScrollReset
        className={buttonClass("ghost", "", "sm")}
        onClick={(event) => {
          event.preventDefault();
          setOpened(true);
        }}
        data-testid="studio-remove-language"
      >
        <Trash2 aria-hidden="true" />
        {`Remove ${name}`}
      </Link>
      {open ? (
        <Dialog title={`Remove ${name} from this dub?`} description={STUDIO_TEXTS.removeLanguage(name)} onClose={close} testId="studio-remove-language-dialog">
          <Form method="post" className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="remove-language" />
            <input type="hidden" name="language" value={language} />
            {failure ? <Hint tone="error">{failure.error}</Hint> : null}
            <div className="flex justify-end gap-2">
              <Link
                to={here}
                preventScrollReset
                className={buttonClass("ghost")}
                onClick={(event) => {
                  event.preventDefault();
                  close();
                }}
              >
                Cancel
              </Link>
              <Button type="submit" variant="destructive" disabled={removing} data-testid="studio-remove-language-confirm">
                {removing ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Trash2 aria-hidden="true" />}
                {removing ? "Removing…" : `Remove ${name}`}
              </Button>
            </div>
          </Form>
        </Dialog>
      ) : null}
    </>
  );
}
