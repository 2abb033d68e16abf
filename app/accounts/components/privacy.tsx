import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { BIPA_TERMS_TEXT, BIPA_TERMS_TITLE, PRIVACY_ACTION_PATH, type PrivacyActionDone, type PrivacyIntent } from "~/accounts/rules/privacy";
import { isActionFailure, type ActionFailure } from "~/common/rules/action-result";
import { ONLY_ADMINS_CHANGE_TRAINING_OPT_OUT, TRAINING_OPT_OUT_UPDATED } from "../../../core/workspace/roles";
import { Dialog } from "~/common/ui/dialog";
import { useToast } from "~/common/components/toasts";
import { Button } from "~/common/ui/button";

type PrivacyAnswer = PrivacyActionDone | ActionFailure;

const LINK = "font-medium underline underline-offset-2 hover:text-accent-foreground";

/**
 * A checkbox drawn as a switch (track and knob in the theme), so it stays a real form control that posts
 * without JavaScript; the knob is a background image, which works on inputs in every browser.
 */
const SWITCH =
  "h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full border border-input bg-input bg-[radial-gradient(circle,white_55%,transparent_60%)] bg-[length:1.5rem_1.5rem] bg-left bg-no-repeat shadow-inner transition-all checked:border-accent checked:bg-accent checked:bg-right focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50";

const intentField = (intent: PrivacyIntent) => <input type="hidden" name="intent" value={intent} />;

/**
 * Blocks the app for users in biometric-law regions until they accept the updated terms: a form posting to the
 * privacy action (it works without JavaScript); the layout's loader, revalidated after it, lifts the gate.
 */
export function BiometricTermsGate() {
  const fetcher = useFetcher<PrivacyAnswer>();
  const toast = useToast();
  useEffect(() => {
    if (isActionFailure(fetcher.data)) toast.showError(fetcher.data.error);
  }, [fetcher.data, toast]);
  return (
    <Dialog title={BIPA_TERMS_TITLE} testId="bipa-gate">
      <p className="mb-4 text-sm">{BIPA_TERMS_TEXT}</p>
      <p className="mb-4 text-sm">
        <Link to="/terms" className={LINK}>
          Terms of Service
        </Link>{" "}
        ·{" "}
        <Link to="/privacy" className={LINK}>
          Privacy Policy
        </Link>
      </p>
      <fetcher.Form method="post" action={PRIVACY_ACTION_PATH}>
        {intentField("accept-bipa-terms")}
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Accept
        </Button>
      </fetcher.Form>
    </Dialog>
  );
}

/**
 * The workspace's training opt-out switch, which only admins may change. It posts to the privacy action as soon
 * as it moves (optimistically: it moves back if the action refuses); `saveButton` adds a submit button for a
 * page that must work without JavaScript.
 */
export function TrainingOptOutSwitch({ isAdmin, optedOut, saveButton = false }: { isAdmin: boolean; optedOut: boolean; saveButton?: boolean }) {
  const toast = useToast();
  const fetcher = useFetcher<PrivacyAnswer>();
  const [value, setValue] = useState(optedOut);
  const requested = useRef(optedOut);
  useEffect(() => {
    if (!fetcher.data) return;
    if (isActionFailure(fetcher.data)) {
      setValue(!requested.current);
      toast.showError(fetcher.data.error);
    } else toast.show(TRAINING_OPT_OUT_UPDATED, "success");
  }, [fetcher.data, toast]);
  const change = (next: boolean) => {
    requested.current = next;
    setValue(next);
    fetcher.submit({ intent: "training-opt-out", training_opt_out: String(next) }, { method: "post", action: PRIVACY_ACTION_PATH });
  };
  return (
    <fetcher.Form method="post" action={PRIVACY_ACTION_PATH}>
      {intentField("training-opt-out")}
      {/* Unchecked, the checkbox sends nothing: this says "false", and a checked box's "true" after it wins. */}
      <input type="hidden" name="training_opt_out" value="false" />
      <div className="mb-4 flex items-center justify-between gap-4">
        <label htmlFor="training-opt-out" className="text-sm font-medium">
          Opt this workspace out of having its content used to train models
        </label>
        <span title={isAdmin ? undefined : ONLY_ADMINS_CHANGE_TRAINING_OPT_OUT} data-testid="training-opt-out-wrapper">
          <input
            id="training-opt-out"
            name="training_opt_out"
            value="true"
            type="checkbox"
            role="switch"
            aria-checked={value}
            checked={value}
            disabled={!isAdmin || fetcher.state === "submitting"}
            onChange={(event) => change(event.target.checked)}
            className={SWITCH}
          />
        </span>
      </div>
      {!isAdmin ? (
        <p className="mb-4 text-xs text-muted-foreground" role="note">
          {ONLY_ADMINS_CHANGE_TRAINING_OPT_OUT}
        </p>
      ) : null}
      {saveButton && isAdmin ? (
        <Button type="submit" variant="secondary" className="mb-4">
          Save
        </Button>
      ) : null}
    </fetcher.Form>
  );
}

/** The privacy (training) opt-out dialog of the home page. */
export function TrainingOptOutDialog({ isAdmin, optedOut, onClose }: { isAdmin: boolean; optedOut: boolean; onClose: () => void }) {
  return (
    <Dialog title="Privacy settings" onClose={onClose} testId="training-opt-out-dialog">
      <TrainingOptOutSwitch isAdmin={isAdmin} optedOut={optedOut} />
      <p className="mb-4 text-sm">
        Read our{" "}
        <Link to="/privacy" className={LINK}>
          privacy policy
        </Link>
        .
      </p>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
