import ForgotPasswordPage from './account/ForgotPasswordPage';
import MfaRequiredPage from './account/MfaRequiredPage';
import PasswordPage from './account/PasswordPage';

export type AccountPage = 'forgotPassword' | 'resetPassword' | 'changePassword' | 'mfaRequired';

/** The account pages of spec part 1 §2, loaded on demand by the router (one chunk for the four). */
export default function AccountPages({ page, token }: { page: AccountPage; token?: string }) {
  switch (page) {
    case 'forgotPassword':
      return <ForgotPasswordPage />;
    case 'resetPassword':
      return <PasswordPage mode="reset" token={token} />;
    case 'changePassword':
      return <PasswordPage mode="change" />;
    case 'mfaRequired':
      return <MfaRequiredPage />;
  }
}
