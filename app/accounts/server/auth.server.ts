import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { database, type Database } from "../../../db/client";
import { createSession, findSessionUser, revokeSession, touchSession } from "../../../db/repositories/sessions";
import { findUserById, type UserRow } from "../../../db/repositories/users";
import { findMembership, listMemberships, type Membership } from "../../../db/repositories/workspaces";
import { SIGN_IN_PATH } from "~/common/rules/navigation";
import {
  clearedSessionCookie,
  isSameOriginMutation,
  readCookie,
  SESSION_COOKIE_NAME,
  SESSION_LIFETIME_SECONDS,
  sessionCookie,
  CROSS_ORIGIN_REFUSED,
} from "~/accounts/rules/session";
import { randomHex, sha256Hex } from "./tokens.server";
import type { Actor } from "./actor.server";
import { secondFactorSetupRequired } from "./two-factor.server";
import { isOpenWithoutSecondFactor, TWO_FACTOR_SETUP_PATH } from "../../../core/workspace/two-factor";
import { nowSeconds } from "../../../core/clock";
import { recordAudit } from "~/workspace/audit-log.server";
import type { FailedSignInStep, SignInMethod } from "~/workspace/rules/audit-log";

/** The actor of a page request: signed in through the browser session, whose token hash it carries. */
export type Viewer = Actor & { via: "session"; apiKeyId: null; tokenHash: string };

/** Only touch last_seen_at once a minute: every page view need not be a write. */
const TOUCH_INTERVAL_SECONDS = 60;

export function db(context: AppLoadContext): Database {
  return database(context.cloudflare.env.DB);
}

/** The signed-in viewer of a request, with the workspace they act in; null when signed out. */
export async function getViewer(request: Request, database: Database): Promise<Viewer | null> {
  const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE_NAME);
  if (!token || !/^[0-9a-f]{64}$/.test(token)) return null;
  const tokenHash = await sha256Hex(token);
  const now = nowSeconds();
  const found = await findSessionUser(database, tokenHash, now);
  if (!found) return null;
  if (now - found.session.lastSeenAt > TOUCH_INTERVAL_SECONDS) await touchSession(database, tokenHash, now);
  const membership = await activeMembership(database, found.user);
  if (!membership) return null;
  return { user: found.user, membership, via: "session", apiKeyId: null, tokenHash };
}

async function activeMembership(database: Database, user: UserRow): Promise<Membership | undefined> {
  if (user.activeWorkspaceId) {
    const active = await findMembership(database, user.id, user.activeWorkspaceId);
    if (active) return active;
  }
  // The active workspace is gone (left or removed): fall back to any membership.
  return (await listMemberships(database, user.id))[0];
}

/** Loader/action guard: the viewer, or a redirect to sign-in that comes back here afterwards. */
export async function requireViewer(request: Request, context: AppLoadContext): Promise<Viewer> {
  const viewer = await getViewer(request, db(context));
  if (!viewer) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    throw redirect(`${SIGN_IN_PATH}?redirect=${encodeURIComponent(back)}`);
  }
  if (!isSameOriginMutation(request.method, request.url, request.headers.get("origin"))) {
    throw new Response(CROSS_ORIGIN_REFUSED, { status: 403 });
  }
  // The workspace requires a second factor the viewer lacks: to its setup first (decision 0061).
  if (secondFactorSetupRequired(viewer) && !isOpenWithoutSecondFactor(new URL(request.url).pathname)) throw redirect(TWO_FACTOR_SETUP_PATH);
  return viewer;
}

/** For the sign-in and sign-up pages: a signed-in visitor goes straight on. */
export async function redirectIfSignedIn(request: Request, context: AppLoadContext, to: string): Promise<void> {
  if (await getViewer(request, db(context))) throw redirect(to);
}

/**
 * Starts a session and returns the Set-Cookie header value. Every successful sign-in comes through here once, so
 * this is where the sign-in is audited (decision 0088): in the workspace signed in to (single sign-on's), else the
 * one the session opens in, with its method and nothing of what proved it (no password, code, link or token).
 */
export async function startSession(database: Database, userId: string, request: Request, signIn: { method: SignInMethod; workspaceId?: string }): Promise<string> {
  const token = randomHex(32);
  await createSession(database, {
    tokenHash: await sha256Hex(token),
    userId,
    expiresAt: nowSeconds() + SESSION_LIFETIME_SECONDS,
    userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
  });
  const user = await findUserById(database, userId);
  const membership = !user ? undefined : signIn.workspaceId ? await findMembership(database, user.id, signIn.workspaceId) : await activeMembership(database, user);
  if (user && membership) await recordAudit(database, { user, membership, via: "session" }, "member_signed_in", user.id, { method: signIn.method });
  return sessionCookie(token);
}

/**
 * A refused sign-in for a member's account (a wrong password, or a wrong code after a right one), audited in every
 * workspace the account belongs to (decision 0088): the refusal concerns the account, which opens each of them, and
 * no workspace was chosen yet. An address with no account has no workspace and records nothing. Details hold the
 * step only: never what was typed.
 */
export async function auditFailedSignIn(database: Database, user: UserRow, step: FailedSignInStep): Promise<void> {
  for (const membership of await listMemberships(database, user.id)) await recordAudit(database, { user, membership, via: "session" }, "member_sign_in_failed", user.id, { method: step });
}

/**
 * Revokes the request's session (if any) and returns the Set-Cookie header that clears it. A live session's end is
 * audited (member_signed_out) in the workspace it was in; a cookie of no live session records nothing.
 */
export async function endSession(database: Database, request: Request): Promise<string> {
  const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE_NAME);
  if (token) {
    const tokenHash = await sha256Hex(token);
    const now = nowSeconds();
    const found = await findSessionUser(database, tokenHash, now);
    await revokeSession(database, tokenHash, now);
    const membership = found && (await activeMembership(database, found.user));
    if (found && membership) await recordAudit(database, { user: found.user, membership, via: "session" }, "member_signed_out", found.user.id);
  }
  return clearedSessionCookie();
}
