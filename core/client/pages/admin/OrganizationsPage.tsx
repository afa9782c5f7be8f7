import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Body1, Button, Field, Input, Spinner, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title2, Title3,
  makeStyles, tokens,
} from '@fluentui/react-components';
import type { Organization } from '@core/shared/access/api';
import { accessApi } from '../../session/accessApi';
import { useCurrentUser } from '../../session/SessionContext';
import { useNotify } from '../../app/notifications';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'end', flexWrap: 'wrap' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '520px' },
});

/** An organisation's single-sign-on switch and OpenID Connect settings (the secret is write-only). */
function SsoSettings({ organization }: { organization: Organization }) {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: ['core', 'sso', organization.id], queryFn: () => accessApi.ssoConfig(organization.id) });
  const [draft, setDraft] = useState<{ issuer: string; clientId: string; secret: string; domains: string } | null>(null);
  const value = draft ?? {
    issuer: config.data?.issuer ?? '', clientId: config.data?.client_id ?? '', secret: '', domains: (config.data?.email_domains ?? []).join(', '),
  };
  const onError = (err: Error) => notify(err.message, 'error');
  const save = useMutation({
    mutationFn: () => accessApi.saveSsoConfig(organization.id, {
      issuer: value.issuer.trim(), client_id: value.clientId.trim(), email_domains: value.domains.split(/[\s,]+/).filter(Boolean),
      ...(value.secret ? { client_secret: value.secret } : {}),
    }),
    onSuccess: (data) => {
      queryClient.setQueryData(['core', 'sso', organization.id], data);
      setDraft(null);
      notify('Single sign-on settings saved', 'success');
    },
    onError,
  });
  const toggle = useMutation({
    mutationFn: (enable: boolean) => accessApi.updateOrganization(organization.id, { enable_sso: enable }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['core', 'organizations'] }),
    onError,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  if (!config.data) return config.isError ? <Body1>The single-sign-on settings could not be loaded.</Body1> : <Spinner size="tiny" />;
  const set = (patch: Partial<typeof value>) => setDraft({ ...value, ...patch });
  return (
    <section aria-label={`Single sign-on of ${organization.name}`} className={styles.form}>
      <Title3 as="h3">Single sign-on: {organization.name}</Title3>
      <Body1>Register <code>{config.data.redirect_uri}</code> as the redirect URI at your OpenID Connect provider.</Body1>
      <Switch label="Sign in with single sign-on" checked={organization.enable_sso} disabled={!config.data.issuer}
        onChange={(_, d) => toggle.mutate(d.checked)} />
      <form className={styles.form} onSubmit={submit}>
        <Field label="Issuer URL" required><Input type="url" value={value.issuer} onChange={(_, d) => set({ issuer: d.value })} /></Field>
        <Field label="Client ID" required><Input value={value.clientId} onChange={(_, d) => set({ clientId: d.value })} /></Field>
        <Field label="Client secret" hint={config.data.has_client_secret ? 'A secret is stored; leave empty to keep it.' : 'Not set.'}>
          <Input type="password" autoComplete="off" value={value.secret} onChange={(_, d) => set({ secret: d.value })} />
        </Field>
        <Field label="Email domains" required hint="Users whose email is in one of these domains sign in through the provider.">
          <Input value={value.domains} onChange={(_, d) => set({ domains: d.value })} />
        </Field>
        <div><Button type="submit" disabled={save.isPending || !value.issuer || !value.clientId || !value.domains}>Save single sign-on settings</Button></div>
      </form>
    </section>
  );
}

/**
 * /myOrganization/organizations: global admins list and create organisations and edit any one's single sign-on;
 * organisation admins see their own organisation and its single sign-on.
 */
export default function OrganizationsPage() {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const current = useCurrentUser();
  const me = current?.user;
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const organizations = useQuery({ queryKey: ['core', 'organizations', 'full'], queryFn: () => accessApi.organizations(), enabled: !!me });
  const create = useMutation({
    mutationFn: (n: string) => accessApi.createOrganization({ name: n }),
    onSuccess: (o) => {
      notify(`${o.name} was created`, 'success');
      setName('');
      void queryClient.invalidateQueries({ queryKey: ['core', 'organizations'] });
    },
    onError: (err: Error) => notify(err.message, 'error'),
  });
  if (!me) return null;
  const canEdit = me.is_global_admin || (me.is_org_admin && me.permissions.includes('UPDATE_ORGANIZATION'));
  const list = organizations.data ?? [];
  const chosen = list.find((o) => o.id === (selected ?? (me.is_global_admin ? null : me.organization_id)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) create.mutate(name.trim());
  };

  return (
    <div className={styles.root}>
      <Title2 as="h1">Organizations</Title2>
      {organizations.isPending ? <Spinner /> : (
        <Table aria-label="Organizations" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Single sign-on</TableHeaderCell>
              <TableHeaderCell>Topic Radar themes</TableHeaderCell>
              <TableHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.map((o) => (
              <TableRow key={o.id}>
                <TableCell>{o.name}</TableCell>
                <TableCell>{o.enable_sso ? `On${o.cognito_idp_name ? ` (${o.cognito_idp_name})` : ''}` : 'Off'}</TableCell>
                <TableCell>{o.themes.join(', ') || '—'}</TableCell>
                <TableCell>
                  {canEdit && <Button size="small" aria-label={`Single sign-on of ${o.name}`} onClick={() => setSelected(o.id)}>Single sign-on</Button>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {me.is_global_admin && (
        <form className={styles.row} onSubmit={submit} aria-label="Create an organization">
          <Field label="New organization" required><Input value={name} maxLength={200} onChange={(_, d) => setName(d.value)} /></Field>
          <Button type="submit" appearance="primary" disabled={!name.trim() || create.isPending}>Create organization</Button>
        </form>
      )}
      {canEdit && chosen && <SsoSettings key={chosen.id} organization={chosen} />}
    </div>
  );
}
