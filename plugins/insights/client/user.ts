import type { PermissionSubject } from '@core/shared/access/permissions';
import { useCurrentUser } from '@core/client/session/SessionContext';

const NOBODY: PermissionSubject = { roles: [], permissions: [] };

/**
 * The signed-in user as the review rules read them (roles and permissions). Someone not (yet) known may do nothing:
 * the rules then refuse every change, and the dialogs show read-only views.
 */
export function useReviewer(): PermissionSubject {
  const current = useCurrentUser();
  return current ? { roles: current.roles, permissions: current.user.permissions } : NOBODY;
}
