import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { AppShell } from "~/common/components/app-shell";
import { GlobalPlayer, PlayerProvider } from "~/player/components/player";
import { BiometricTermsGate } from "~/accounts/components/privacy";
import { UserMenu } from "~/accounts/components/user-menu";
import { NotificationBell } from "~/workspace/components/notification-bell";
import { VoiceSafetyProvider } from "~/voices/components/voice-safety";
import { mustAcceptBiometricTerms, type AnalyticsConsent } from "~/accounts/rules/privacy";
import { setAnalyticsConsent } from "~/accounts/browser/analytics";
import { reportAdVisit } from "~/accounts/browser/attribution";
import { requireViewer } from "~/accounts/accounts.server";
import { useAccessRefresh, useInactivityLogout, useSignOut, useSignOutFromOtherTabs } from "~/accounts/browser/session-client";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, membership } = await requireViewer(request, context);
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      emailVerified: user.emailVerifiedAt !== null,
      onboardingChecklistHidden: user.onboardingChecklistHidden,
      analyticsConsent: user.analyticsConsent as AnalyticsConsent,
    },
    workspace: {
      id: membership.workspace.id,
      name: membership.workspace.name,
      role: membership.role,
      tier: membership.workspace.tier,
      trainingOptOut: membership.workspace.trainingOptOut,
      sessionInactivityTimeout: membership.workspace.sessionInactivityTimeout,
    },
    credits: { used: membership.workspace.characterCount, limit: membership.workspace.characterLimit },
    // The front door told us where the request comes from; an unaccepted gate blocks the app.
    biometricTermsRequired: mustAcceptBiometricTerms(context.edge.requiresBiometricTerms, user.acceptedBipaTerms),
  };
}

export type AppLayoutData = Awaited<ReturnType<typeof loader>>;

export default function AppLayout() {
  const { user, workspace, credits, biometricTermsRequired } = useLoaderData<typeof loader>();
  const signOut = useSignOut();
  useSignOutFromOtherTabs();
  useInactivityLogout(workspace.sessionInactivityTimeout, signOut);
  useAccessRefresh(user.emailVerified, signOut);
  useReportAdVisitOnSignUp(user.email);
  setAnalyticsConsent(user.analyticsConsent);
  return (
    <VoiceSafetyProvider>
      <PlayerProvider>
        <AppShell
          header={
            <>
              <NotificationBell />
              <UserMenu email={user.email} workspaceName={workspace.name} onSignOut={() => signOut("user")} />
            </>
          } player={<GlobalPlayer />} credits={credits}>
          {biometricTermsRequired ? <BiometricTermsGate /> : <Outlet />}
        </AppShell>
      </PlayerProvider>
    </VoiceSafetyProvider>
  );
}

/** A new account (the sign-up redirect carries newUser=true) reports the ad it came from, once. */
function useReportAdVisitOnSignUp(email: string) {
  const [params] = useSearchParams();
  const newUser = params.get("newUser") === "true";
  useEffect(() => {
    if (newUser) void reportAdVisit(email, "sign_up");
  }, [newUser, email]);
}
