import { LogOut } from "lucide-react";
import { Button } from "~/common/ui/button";

export function UserMenu({ email, workspaceName, onSignOut }: { email: string; workspaceName: string; onSignOut: () => void }) {
  return (
    <div className="flex items-center gap-3">
      <div className="hidden text-right text-xs leading-tight sm:block">
        <div className="font-medium" data-testid="viewer-email">
          {email}
        </div>
        <div className="text-muted-foreground">{workspaceName}</div>
      </div>
      <Button variant="secondary" onClick={onSignOut} data-testid="sign-out">
        <LogOut aria-hidden="true" /> Sign out
      </Button>
    </div>
  );
}
