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
import { db, isSupportStaff, permissionsOf, requireViewer, secondFactorSetupRequired } from "~/accounts/accounts.server";
import { APP_SECTIONS, visibleSections } from "~/common/rules/navigation";
import { isAdmin } from "../../core/workspace/roles";
import { isOpenWithoutSecondFactor } from "../../core/workspace/two-factor";
import { useAccessRefresh, useInactivityLogout, useSignOut, useSignOutFromOtherTabs } from "~/accounts/browser/session-client";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const { user, membership } = viewer;
  // A member held back until they add a second factor sees only where they set it up (decision 0061).
  const settingUpSecondFactor = secondFactorSetupRequired(viewer);
  const admin = isAdmin(membership.role);
  return {
    /**
     * The sidebar's sections this member may use (by path): the others are left out (their pages still refuse). A
     * member held back by the two-factor requirement sees only the pages still open to them.
     */
    sections: settingUpSecondFactor
      ? APP_SECTIONS.filter((s) => isOpenWithoutSecondFactor(s.to)).map((s) => s.to)
      : visibleSections({ admin, permissions: admin ? [] : await permissionsOf(db(context), viewer), supportStaff: isSupportStaff(context.cloudflare.env, viewer) }).map((s) => s.to),
    settingUpSecondFactor,
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
  const { user, workspace, credits, biometricTermsRequired, sections, settingUpSecondFactor } = useLoaderData<typeof loader>();
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
          sections={APP_SECTIONS.filter((section) => sections.includes(section.to))}
          header={
            <>
              {settingUpSecondFactor ? null : <NotificationBell />}
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
