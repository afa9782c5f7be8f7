import { useNavigate } from '@tanstack/react-router';
import { Body1, Button, Title2 } from '@fluentui/react-components';
import { useSessionActor } from '../../session/SessionContext';
import { MfaEnrolment } from './MfaEnrolment';
import { useAccountStyles } from './accountStyles';

/** /mfa-required: shown to a user who must enable MFA before using the product (spec part 1 §2 and §4). */
export default function MfaRequiredPage() {
  const styles = useAccountStyles();
  const navigate = useNavigate();
  const session = useSessionActor();
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="mfa-title">
        <Title2 as="h1" id="mfa-title">Multi-factor authentication required</Title2>
        <Body1>Your organization requires multi-factor authentication. Set up an authenticator app to continue.</Body1>
        <MfaEnrolment autoStart onDone={() => void navigate({ to: '/' })} doneLabel="Continue" />
        <Button appearance="subtle" onClick={() => session.send({ type: 'SIGN_OUT' })}>Sign out</Button>
      </section>
    </main>
  );
}
