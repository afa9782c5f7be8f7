import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Body1, Button, Field, Input, MessageBar, MessageBarBody, Title2 } from '@fluentui/react-components';
import { forgotPassword } from '../../session/sessionApi';
import { useAccountStyles } from './accountStyles';

/** /forgotPassword (spec part 1 §2): e-mail, Send, Back to Login; the success or error text appears after submit. */
export default function ForgotPasswordPage() {
  const styles = useAccountStyles();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      setResult({ ok: true, text: await forgotPassword(email.trim()) });
    } catch (err) {
      setResult({ ok: false, text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.page}>
      <form className={styles.card} onSubmit={submit} aria-label="Forgot password">
        <Title2 as="h1">Forgot your password?</Title2>
        <Body1>Enter your email address and we will send you a link to choose a new password.</Body1>
        {result && (
          <MessageBar intent={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
            <MessageBarBody>{result.text}</MessageBarBody>
          </MessageBar>
        )}
        <Field label="Email" required>
          <Input type="email" name="email" autoComplete="username" required value={email} onChange={(_, d) => setEmail(d.value)} autoFocus />
        </Field>
        <Button type="submit" appearance="primary" disabled={busy || !email.trim()}>Send</Button>
        <Link to="/login">Back to Login</Link>
      </form>
    </main>
  );
}
