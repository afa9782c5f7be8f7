import { Link } from '@tanstack/react-router';
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useCurrentUser } from '../session/SessionContext';

/** The enrolment date as the banner shows it: a long UTC date (all times are UTC, spec part 1 §9). */
export function formatMfaDeadline(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
}

/**
 * Shown until the user enables MFA (spec part 1 §1 and §4), with the date by which they must enrol from
 * mfa_enabled_at, linking to /myOrganization/settings where enrolment happens.
 */
export function MfaBanner() {
  const current = useCurrentUser();
  const user = current?.user;
  // Spec part 1 section 4: "MFA banner shows while the user has not enabled MFA", single sign-on users included.
  if (!user || user.mfa_enabled) return null;
  const deadline = user.mfa_enabled_at ? formatMfaDeadline(user.mfa_enabled_at) : null;
  return (
    <MessageBar intent="warning" role="status" aria-label="Multi-factor authentication">
      <MessageBarBody>
        <MessageBarTitle>Multi-factor authentication</MessageBarTitle>
        {deadline
          ? `Multi-factor authentication will be required for your account. Please enable it before ${deadline}. `
          : 'Please enable multi-factor authentication to keep your account secure. '}
        <Link to="/myOrganization/{-$page}" params={{ page: 'settings' }}>Enable it in your settings</Link>
      </MessageBarBody>
    </MessageBar>
  );
}
