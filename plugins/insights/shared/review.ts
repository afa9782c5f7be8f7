import { canDeleteInsight, canEditInsights, type PermissionSubject } from '@core/shared/access/permissions';
import type { InsightStatus } from './vocabulary';

/**
 * Who may move an insight where (spec part 2 sections 4 and 6). One table read by the server (which enforces it),
 * the review machine (which offers only what the user may do) and the table-driven tests.
 *
 * - submit: create, or edit from the form; the insight becomes (or stays) pending. Editors: analysts, senior analysts,
 *   global admins. A deleted insight cannot be edited.
 * - approve / reject: pending -> approved / rejected. Reviewers: senior analysts and global admins (the issue: "have
 *   a senior analyst confirm it"). Approving or declining anything but a pending insight is refused: an archived
 *   insight goes back to review by being edited (submit).
 * - delete: any status but deleted -> deleted. Global admins and senior analysts on any insight, other editors only
 *   on pending ones.
 */
export const REVIEW_ACTIONS = ['submit', 'approve', 'reject', 'delete'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

export const TARGET_STATUS: Record<ReviewAction, InsightStatus> = {
  submit: 'pending', approve: 'approved', reject: 'rejected', delete: 'deleted',
};

export function isReviewer(user: PermissionSubject): boolean {
  return user.roles.includes('Senior Analyst') || user.roles.includes('Global Admin');
}

export const REVIEW_MESSAGES = {
  readOnly: 'You do not have permission to change insights.',
  notReviewer: 'Only senior analysts and global admins may approve or decline insights.',
  notPending: 'Only a pending insight can be approved or declined.',
  deleteNotAllowed: 'Only senior analysts and global admins may delete an insight that is not pending.',
  alreadyDeleted: 'This insight has been deleted.',
  nothingToDelete: 'There is no insight to delete.',
} as const;

/**
 * Why `user` may not apply `action` to an insight in `from` (`null` for a new one), or null when they may.
 * The messages are the server's 403/409 texts, shown by the dialogs as they are.
 */
export function reviewProblem(user: PermissionSubject, action: ReviewAction, from: InsightStatus | null): string | null {
  if (!canEditInsights(user)) return REVIEW_MESSAGES.readOnly;
  if (from === 'deleted') return REVIEW_MESSAGES.alreadyDeleted;
  switch (action) {
    case 'submit':
      return null;
    case 'approve':
    case 'reject':
      if (!isReviewer(user)) return REVIEW_MESSAGES.notReviewer;
      return from === 'pending' ? null : REVIEW_MESSAGES.notPending;
    case 'delete':
      if (from === null) return REVIEW_MESSAGES.nothingToDelete;
      return canDeleteInsight(user, from) ? null : REVIEW_MESSAGES.deleteNotAllowed;
  }
}

/** The actions `user` may take on an insight in `from`, in the order the dialogs show them. */
export function allowedActions(user: PermissionSubject, from: InsightStatus | null): ReviewAction[] {
  return REVIEW_ACTIONS.filter((a) => reviewProblem(user, a, from) === null);
}
