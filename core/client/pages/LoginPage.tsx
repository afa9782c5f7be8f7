import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Field, Input, MessageBar, MessageBarBody, Title2 } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useAccessActors } from '../session/SessionContext';
import { useAccountStyles } from './account/accountStyles';

export { safeNext } from '../session/loginMachine';

const BUSY = ['checkingSso', 'signingIn', 'startingSession', 'redirecting', 'signedIn'] as const;

/**
 * Two-step sign-in (spec part 1 §2 and §4), driven by the shared login machine: Email and Next (SSO check,
 * redirect for single-sign-on users), then Password with Log In and the Forgot my password link, then the
 * authenticator code for users with MFA. The button is disabled while a call is under way.
 */
export function LoginPage({ next, status }: { next?: string; status?: string }) {
  const styles = useAccountStyles();
  const navigate = useNavigate();
  const { login } = useAccessActors();
  const state = useSelector(login, (s) => s);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  useEffect(() => {
    login.send({ type: 'START', next, status });
  }, [login, next, status]);

  const destination = state.context.destination;
  useEffect(() => {
    if (!destination) return;
    if (state.matches('redirecting')) window.location.assign(destination.href);
    else if (state.matches('signedIn')) void navigate({ href: destination.href });
  }, [state, destination, navigate]);

  const step = state.matches('code') || (state.matches('signingIn') && state.context.code) ? 'code'
    : state.matches('email') || state.matches('checkingSso') || (state.matches('redirecting') && !password) ? 'email' : 'password';
  const busy = BUSY.some((s) => state.matches(s));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (step === 'email') login.send({ type: 'SUBMIT_EMAIL', email });
    else if (step === 'password') login.send({ type: 'SUBMIT_PASSWORD', password });
    else login.send({ type: 'SUBMIT_CODE', code });
  };

  return (
    <main className={styles.page}>
      <form className={styles.card} onSubmit={submit} aria-label="Sign in">
        <Title2 as="h1">Narrascope</Title2>
        {state.context.error && (
          <MessageBar intent="error" role="alert"><MessageBarBody>{state.context.error}</MessageBarBody></MessageBar>
        )}
        <Field label="Email" required>
          <Input type="email" name="email" autoComplete="username" value={email} autoFocus={step === 'email'}
            onChange={(_, d) => {
              setEmail(d.value);
              if (step !== 'email') login.send({ type: 'CHANGE_EMAIL' });
            }} />
        </Field>
        {step === 'password' && (
          <Field label="Password" required>
            <Input type="password" name="password" autoComplete="current-password" value={password} autoFocus required
              onChange={(_, d) => setPassword(d.value)} />
          </Field>
        )}
        {step === 'code' && (
          <Field label="Authentication code" required
            hint="Enter the 6-digit code from your authenticator app, or one of your recovery codes.">
            <Input name="mfa_code" inputMode="numeric" autoComplete="one-time-code" value={code} autoFocus required
              onChange={(_, d) => setCode(d.value)} />
          </Field>
        )}
        <Button type="submit" appearance="primary" disabled={busy || !email || (step === 'password' && !password) || (step === 'code' && !code)}>
          {step === 'email' ? 'Next' : step === 'password' ? 'Log In' : 'Verify'}
        </Button>
        {step !== 'email' && <Link to="/forgotPassword">Forgot my password</Link>}
      </form>
    </main>
  );
}
