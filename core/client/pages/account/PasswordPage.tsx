import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Title2,
} from '@fluentui/react-components';
import { PASSWORD_MESSAGES } from '@core/shared/access/passwords';
import { changePassword, PasswordError, resetPassword } from '../../session/sessionApi';
import { settledSession } from '../../session/sessionActor';
import { useCurrentUser, useSessionActor } from '../../session/SessionContext';
import { useNotify } from '../../app/notifications';
import { useAccountStyles } from './accountStyles';

interface Problem {
  message: string;
  tips: readonly string[];
}

/**
 * /resetPassword/*?token= and /changePassword (spec part 1 §2 and §4): New password, Confirm new password and
 * Save, with the rule's hint. With a token it resets and goes to /login; without, it sets the signed-in user's
 * password and goes to /. A user who already has a password they chose also gives the current one. Errors open
 * a dismissable dialog with the message of section 8 for the answer's status.
 */
export default function PasswordPage({ token, mode }: { token?: string; mode: 'reset' | 'change' }) {
  const styles = useAccountStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const session = useSessionActor();
  const current = useCurrentUser();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [oldPassword, setOldPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  // Administrators' initial passwords (change_password) are replaced without the current one.
  const needsCurrent = mode === 'change' && current !== null && !current.user.change_password;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) {
      setProblem({ message: PASSWORD_MESSAGES.mismatch, tips: [] });
      return;
    }
    if (mode === 'reset' && !token) {
      setProblem({ message: PASSWORD_MESSAGES.resetExpired, tips: [] });
      return;
    }
    setBusy(true);
    try {
      if (mode === 'reset') {
        await resetPassword(token!, password);
        notify(PASSWORD_MESSAGES.resetDone, 'success');
        await navigate({ to: '/login' });
      } else {
        await changePassword(password, needsCurrent ? oldPassword : undefined);
        notify(PASSWORD_MESSAGES.setDone, 'success');
        // The answer carried new cookies and a cleared change_password: reload the session before leaving.
        session.send({ type: 'RECHECK' });
        await settledSession(session);
        await navigate({ to: '/' });
      }
    } catch (err) {
      setProblem(err instanceof PasswordError ? { message: err.message, tips: err.tips } : { message: PASSWORD_MESSAGES.other, tips: [] });
      setBusy(false);
    }
  };

  return (
    <main className={styles.page}>
      <form className={styles.card} onSubmit={submit} aria-label={mode === 'reset' ? 'Reset password' : 'Set password'}>
        <Title2 as="h1">{mode === 'reset' ? 'Reset your password' : 'Set your password'}</Title2>
        {needsCurrent && (
          <Field label="Current password" required>
            <Input type="password" autoComplete="current-password" required value={oldPassword} onChange={(_, d) => setOldPassword(d.value)} />
          </Field>
        )}
        <Field label="New password" required>
          <Input type="password" autoComplete="new-password" required value={password} onChange={(_, d) => setPassword(d.value)} autoFocus />
        </Field>
        <Field label="Confirm new password" required>
          <Input type="password" autoComplete="new-password" required value={confirm} onChange={(_, d) => setConfirm(d.value)} />
        </Field>
        <Body1 className={styles.hint}>{PASSWORD_MESSAGES.hint}</Body1>
        <Button type="submit" appearance="primary" disabled={busy || !password || !confirm || (needsCurrent && !oldPassword)}>Save</Button>
        {mode === 'reset' && <Link to="/login">Back to Login</Link>}
        {needsCurrent && <Link to="/">Cancel</Link>}
      </form>
      <Dialog open={problem !== null} onOpenChange={(_, d) => { if (!d.open) setProblem(null); }} modalType="alert">
        <DialogSurface aria-label="Password error">
          <DialogBody>
            <DialogTitle>Your password was not saved</DialogTitle>
            <DialogContent>
              <p>{problem?.message}</p>
              {problem && problem.tips.length > 0 && (
                <ul aria-label="Password tips">{problem.tips.map((t) => <li key={t}>{t}</li>)}</ul>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => setProblem(null)}>Dismiss</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </main>
  );
}
