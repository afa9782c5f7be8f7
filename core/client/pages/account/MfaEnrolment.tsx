import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import {
  Body1, Button, Field, Image, Input, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { useAccessActors } from '../../session/SessionContext';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '420px' },
  secret: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all', userSelect: 'all' },
  codes: {
    display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXL}`,
    fontFamily: tokens.fontFamilyMonospace, margin: 0, padding: 0, listStyle: 'none',
  },
});

/**
 * TOTP enrolment through the shared MFA machine: the QR code and the key as text, the code field and Verify;
 * once enabled, the recovery codes are shown this one time. `autoStart` begins at once (the /mfa-required page);
 * the settings page starts it from a button.
 */
export function MfaEnrolment({ autoStart, onDone, doneLabel }: { autoStart?: boolean; onDone?: () => void; doneLabel?: string }) {
  const styles = useStyles();
  const { mfaEnrolment } = useAccessActors();
  const state = useSelector(mfaEnrolment, (s) => s);
  const [code, setCode] = useState('');

  useEffect(() => {
    if (autoStart) mfaEnrolment.send({ type: 'START' });
  }, [autoStart, mfaEnrolment]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    mfaEnrolment.send({ type: 'SUBMIT_CODE', code });
  };
  const { setup, error, recoveryCodes } = state.context;

  if (state.matches('idle')) return null;
  if (state.matches('loadingSetup')) return <Spinner label="Preparing your authenticator set-up…" />;
  if (state.matches('setupFailed')) {
    return (
      <div className={styles.root}>
        <MessageBar intent="error" role="alert"><MessageBarBody>{error}</MessageBarBody></MessageBar>
        <Button onClick={() => mfaEnrolment.send({ type: 'START' })}>Try again</Button>
      </div>
    );
  }
  if (state.matches('enabled')) {
    return (
      <div className={styles.root}>
        <MessageBar intent="success" role="status"><MessageBarBody>Multi-factor authentication is enabled.</MessageBarBody></MessageBar>
        <Body1>
          Keep these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator. They are shown only now.
        </Body1>
        <ul className={styles.codes} aria-label="Recovery codes">{recoveryCodes.map((c) => <li key={c}>{c}</li>)}</ul>
        {onDone && <Button appearance="primary" onClick={onDone}>{doneLabel ?? 'Done'}</Button>}
      </div>
    );
  }
  return (
    <form className={styles.root} onSubmit={submit} aria-label="Set up an authenticator">
      <Body1>Scan this QR code with an authenticator app (for example Microsoft Authenticator, Google Authenticator or 1Password), then enter the 6-digit code it shows.</Body1>
      {setup && <Image src={setup.qr_code} alt="QR code for your authenticator app" width={220} height={220} />}
      {setup && (
        <Text>
          Or enter this key in the app: <span className={styles.secret} data-testid="mfa-secret">{setup.secret}</span>
        </Text>
      )}
      {error && <MessageBar intent="error" role="alert"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
      <Field label="Authentication code" required>
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} onChange={(_, d) => setCode(d.value)} />
      </Field>
      <Button type="submit" appearance="primary" disabled={state.matches('verifying') || !code.trim()}>Verify</Button>
    </form>
  );
}
