import type { Database } from "../../../db/client";
import { completedItemIds, completeItem } from "../../../db/repositories/onboarding";
import { findUserById, updateUser, type UserRow } from "../../../db/repositories/users";
import { checklistState, promptsShown, type ChecklistState, type Prompt } from "~/accounts/rules/onboarding";
import { nowSeconds } from "../../../core/clock";

/** The user's onboarding checklist as stored now (read again, so it includes this request's changes). */
export async function onboardingChecklist(db: Database, userId: string): Promise<ChecklistState> {
  const user = await findUserById(db, userId);
  return checklistState(await completedItemIds(db, userId), user?.onboardingChecklistHidden ?? false, user?.onboardingChecklistCompleted ?? false);
}

/** The checklist page was opened: its clock starts the first time. */
export async function noteChecklistOpened(db: Database, user: UserRow): Promise<void> {
  if (user.onboardingChecklistStartedAt === null) await updateUser(db, user.id, { onboardingChecklistStartedAt: nowSeconds() });
}

/** POST /v1/user/onboarding/initiate: starts the clock (once) and opens the checklist again. */
export async function initiateChecklist(db: Database, user: UserRow): Promise<void> {
  await updateUser(db, user.id, { onboardingChecklistStartedAt: user.onboardingChecklistStartedAt ?? nowSeconds(), onboardingChecklistCompleted: false });
}

/** Completes one item; false when it was already complete. */
export async function completeChecklistItem(db: Database, userId: string, itemId: string): Promise<boolean> {
  return completeItem(db, userId, itemId);
}

export async function setChecklistHidden(db: Database, userId: string, hidden: boolean): Promise<void> {
  await updateUser(db, userId, { onboardingChecklistHidden: hidden });
}

export async function markChecklistComplete(db: Database, userId: string): Promise<void> {
  await updateUser(db, userId, { onboardingChecklistCompleted: true });
}

/** The user closed a prompt (spec User.prompts_shown): it is not offered again. */
export async function markPromptShown(db: Database, user: UserRow, prompt: Prompt): Promise<void> {
  await updateUser(db, user.id, { promptsShown: JSON.stringify({ ...promptsShown(user.promptsShown), [prompt]: true }) });
}
