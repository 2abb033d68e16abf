import { Check, Circle, X } from "lucide-react";
import { cn } from "~/common/ui/cn";
import { PASSWORD_REQUIREMENTS_HEADING, PASSWORD_RULE_MET, PASSWORD_RULE_UNMET, type PasswordCheck } from "~/accounts/rules/password";

/**
 * The password rules as a list under the field, one line per rule: met ones ticked; after a refused
 * submission the spec's heading leads and the unmet ones are marked in the error colour. The list is the
 * field's description, so screen readers hear the rules with it.
 */
export function PasswordRules({ id, checks, refused }: { id: string; checks: readonly PasswordCheck[]; refused: boolean }) {
  return (
    <div id={id} data-testid="password-rules" className="space-y-1 text-xs">
      {refused ? <p className="font-medium text-destructive-foreground">{PASSWORD_REQUIREMENTS_HEADING}</p> : null}
      <ul className="space-y-1">
        {checks.map((check) => {
          const Icon = check.met ? Check : refused ? X : Circle;
          return (
            <li
              key={check.id}
              data-rule={check.id}
              data-met={check.met}
              className={cn("flex items-start gap-1.5", check.met ? "text-success-foreground" : refused ? "text-destructive-foreground" : "text-muted-foreground")}
            >
              <Icon aria-hidden="true" className={cn("mt-px size-3.5 shrink-0", !check.met && !refused && "size-3 p-px")} />
              <span>
                <span className="sr-only">{check.met ? PASSWORD_RULE_MET : PASSWORD_RULE_UNMET} </span>
                {check.text}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
