import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge, Body1, Button, Dropdown, Field, Input, MessageBar, MessageBarBody, MessageBarTitle, Option, Spinner, Switch, Table,
  TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title3, makeStyles, tokens,
} from '@fluentui/react-components';
import { CONVERSATION_LANGUAGES, type PreferenceBody } from '@core/shared/access/api';
import { useSelector } from '@xstate/react';
import { accessApi } from '../../session/accessApi';
import { useAccessActors, useCurrentUser } from '../../session/SessionContext';
import { useNotify } from '../../app/notifications';
import { MfaEnrolment } from './MfaEnrolment';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '760px' },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'end', flexWrap: 'wrap' },
  key: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all', userSelect: 'all' },
});

const LANGUAGE_LABELS: Record<(typeof CONVERSATION_LANGUAGES)[number], string> = { en: 'English', es: 'Spanish', zh: 'Chinese' };
const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }) : '—');

/** Conversation language and alerts (the theme is chosen above it), stored as the user's preferences (GET/PUT /api/v2/preference/my). */
export function PreferencesSection() {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const preference = useQuery({ queryKey: ['core', 'preference', 'my'], queryFn: () => accessApi.myPreference() });
  const save = useMutation({
    mutationFn: (body: PreferenceBody) => accessApi.saveMyPreference(body),
    onSuccess: (data) => queryClient.setQueryData(['core', 'preference', 'my'], data),
    onError: (err: Error) => notify(err.message, 'error'),
  });
  if (!preference.data) return preference.isError ? <Body1>Your preferences could not be loaded.</Body1> : <Spinner size="tiny" />;
  const p = preference.data;
  return (
    <section className={styles.section} aria-labelledby="preferences-heading">
      <Title3 as="h2" id="preferences-heading">Preferences</Title3>
      <div className={styles.row}>
        <Field label="Conversation language">
          <Dropdown value={LANGUAGE_LABELS[p.conversation_language]} selectedOptions={[p.conversation_language]}
            onOptionSelect={(_, d) => save.mutate({ conversation_language: d.optionValue as PreferenceBody['conversation_language'] })}>
            {CONVERSATION_LANGUAGES.map((l) => <Option key={l} value={l}>{LANGUAGE_LABELS[l]}</Option>)}
          </Dropdown>
        </Field>
        <Switch label="Alerts enabled" checked={p.alerts_enabled} onChange={(_, d) => save.mutate({ alerts_enabled: d.checked })} />
      </div>
    </section>
  );
}

/** MFA status and (re-)enrolment through the shared MFA machine. */
export function MfaSection() {
  const styles = useStyles();
  const current = useCurrentUser();
  const { mfaEnrolment } = useAccessActors();
  const enrolling = useSelector(mfaEnrolment, (s) => !s.matches('idle'));
  const status = useQuery({ queryKey: ['core', 'mfa', current?.user.mfa_enabled_at], queryFn: () => accessApi.mfaStatus() });
  const user = current?.user;
  if (!user) return null;
  return (
    <section className={styles.section} aria-labelledby="mfa-heading">
      <Title3 as="h2" id="mfa-heading">Multi-factor authentication</Title3>
      {user.mfa_enabled ? (
        <Body1>
          Enabled since {date(user.mfa_enabled_at)} (UTC).{' '}
          {status.data && `${status.data.recovery_codes_remaining} recovery codes left.`}
        </Body1>
      ) : (
        <Body1>Not enabled. Sign-in will ask for a code from an authenticator app once it is.</Body1>
      )}
      {enrolling ? (
        <MfaEnrolment onDone={() => mfaEnrolment.send({ type: 'RESET' })} />
      ) : (
        <div>
          <Button onClick={() => mfaEnrolment.send({ type: 'START' })}>{user.mfa_enabled ? 'Replace authenticator' : 'Set up authenticator'}</Button>
        </div>
      )}
    </section>
  );
}

/** API keys: create with a label (the key is shown once), list, revoke. */
export function ApiKeysSection() {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<{ label: string; key: string } | null>(null);
  const keys = useQuery({ queryKey: ['core', 'apiKeys'], queryFn: () => accessApi.apiKeys() });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['core', 'apiKeys'] });
  const create = useMutation({
    mutationFn: (l: string) => accessApi.createApiKey(l),
    onSuccess: (k) => {
      setCreated({ label: k.label, key: k.api_key });
      setLabel('');
      void refresh();
    },
    onError: (err: Error) => notify(err.message, 'error'),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => accessApi.revokeApiKey(id),
    onSuccess: () => void refresh(),
    onError: (err: Error) => notify(err.message, 'error'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (label.trim()) create.mutate(label.trim());
  };
  return (
    <section className={styles.section} aria-labelledby="api-keys-heading">
      <Title3 as="h2" id="api-keys-heading">API keys</Title3>
      <Body1>
        An API key signs programmatic calls in as you, in this organization: send it as <code>Authorization: Bearer &lt;key&gt;</code>.
      </Body1>
      {created && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>
            <MessageBarTitle>Key “{created.label}” created</MessageBarTitle>
            Copy it now: it will not be shown again. <span className={styles.key} data-testid="new-api-key">{created.key}</span>
          </MessageBarBody>
        </MessageBar>
      )}
      <form className={styles.row} onSubmit={submit} aria-label="Create an API key">
        <Field label="Label" required>
          <Input value={label} maxLength={100} onChange={(_, d) => setLabel(d.value)} />
        </Field>
        <Button type="submit" disabled={!label.trim() || create.isPending}>Create API key</Button>
      </form>
      {keys.data && keys.data.length > 0 && (
        <Table size="small" aria-label="Your API keys">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Label</TableHeaderCell>
              <TableHeaderCell>Key</TableHeaderCell>
              <TableHeaderCell>Created (UTC)</TableHeaderCell>
              <TableHeaderCell>Last used (UTC)</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
              <TableHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {keys.data.map((k) => (
              <TableRow key={k.id} data-api-key-id={k.id}>
                <TableCell>{k.label}</TableCell>
                <TableCell><Text className={styles.key}>{k.api_key}</Text></TableCell>
                <TableCell>{date(k.created_at)}</TableCell>
                <TableCell>{date(k.last_used_at)}</TableCell>
                <TableCell>{k.is_active ? <Badge color="success">Active</Badge> : <Badge color="informative">Revoked</Badge>}</TableCell>
                <TableCell>
                  {k.is_active && (
                    <Button size="small" aria-label={`Revoke ${k.label}`} disabled={revoke.isPending} onClick={() => revoke.mutate(k.id)}>Revoke</Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

export function PasswordSection() {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-labelledby="password-heading">
      <Title3 as="h2" id="password-heading">Password</Title3>
      <div><Link to="/changePassword">Change your password</Link></div>
    </section>
  );
}
