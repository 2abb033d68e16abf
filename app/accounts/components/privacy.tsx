import { Link, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { requestJson, RequestFailure } from "~/common/rules/http-error";
import { BIPA_TERMS_TEXT, BIPA_TERMS_TITLE } from "~/accounts/rules/privacy";
import { ONLY_ADMINS_CHANGE_TRAINING_OPT_OUT, TRAINING_OPT_OUT_UPDATED } from "../../../core/workspace/roles";
import { Dialog } from "~/common/components/dialog";
import { useToast } from "~/common/components/toasts";
import { Button } from "~/common/components/ui";

/** Blocks the app for users in biometric-law regions until they accept the updated terms. */
export function BiometricTermsGate() {
  const revalidator = useRevalidator();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    try {
      await requestJson("/v1/user/accept-bipa-terms", { method: "POST" });
      revalidator.revalidate();
    } catch (error) {
      if (error instanceof RequestFailure) toast.showError(error);
      setBusy(false);
    }
  };
  return (
    <Dialog title={BIPA_TERMS_TITLE} testId="bipa-gate">
      <p className="mb-4 text-sm">{BIPA_TERMS_TEXT}</p>
      <p className="mb-4 text-sm">
        <Link to="/terms" className="underline">
          Terms of Service
        </Link>{" "}
        ·{" "}
        <Link to="/privacy" className="underline">
          Privacy Policy
        </Link>
      </p>
      <Button onClick={accept} disabled={busy}>
        Accept
      </Button>
    </Dialog>
  );
}

/** The privacy (training) opt-out dialog: a toggle only workspace admins may change. */
export function TrainingOptOutDialog({ isAdmin, optedOut, onClose }: { isAdmin: boolean; optedOut: boolean; onClose: () => void }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [value, setValue] = useState(optedOut);
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setBusy(true);
    // Optimistic: the switch moves at once and moves back if the server refuses.
    setValue(next);
    try {
      await requestJson("/v1/workspace/update-workspace", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ training_opt_out: next }),
      });
      toast.show(TRAINING_OPT_OUT_UPDATED, "success");
      revalidator.revalidate();
    } catch (error) {
      setValue(!next);
      if (error instanceof RequestFailure) toast.showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title="Privacy settings" onClose={onClose} testId="training-opt-out-dialog">
      <div className="mb-4 flex items-center justify-between gap-4">
        <label htmlFor="training-opt-out" className="text-sm">
          Opt this workspace out of having its content used to train models
        </label>
        <span title={isAdmin ? undefined : ONLY_ADMINS_CHANGE_TRAINING_OPT_OUT} data-testid="training-opt-out-wrapper">
          <input
            id="training-opt-out"
            type="checkbox"
            role="switch"
            aria-checked={value}
            checked={value}
            disabled={!isAdmin || busy}
            onChange={(event) => change(event.target.checked)}
            className="h-5 w-5"
          />
        </span>
      </div>
      {!isAdmin ? (
        <p className="mb-4 text-xs text-zinc-500" role="note">
          {ONLY_ADMINS_CHANGE_TRAINING_OPT_OUT}
        </p>
      ) : null}
      <p className="mb-4 text-sm">
        Read our{" "}
        <Link to="/privacy" className="underline">
          privacy policy
        </Link>
        .
      </p>
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </Dialog>
  );
}
