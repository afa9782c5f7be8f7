import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge, Body1, Button, Field, Input, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title2, Title3,
  makeStyles, tokens,
} from '@fluentui/react-components';
import type { ManagedUser } from '@core/shared/access/api';
import { can } from '@core/shared/access/permissions';
import { accessApi } from '../../session/accessApi';
import { useCurrentUser } from '../../session/SessionContext';
import { useNotify } from '../../app/notifications';
import { UserDialog } from './UserDialog';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/**
 * /myOrganization/userManagement: the users of the organisation the admin acts in (create with an initial
 * password, edit roles, groups, permissions and flags, reset MFA, deactivate) and its groups.
 */
export default function UserManagementPage() {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const current = useCurrentUser();
  const me = current?.user;
  // can() takes the roles of the session answer with the user's permissions.
  const subject = { roles: current?.roles ?? [], permissions: me?.permissions ?? [] };
  const [dialog, setDialog] = useState<{ user: ManagedUser | null } | null>(null);
  const [groupName, setGroupName] = useState('');
  const allowed = !!me && can(subject, 'READ_USER');
  const users = useQuery({ queryKey: ['core', 'users', me?.organization_id], queryFn: () => accessApi.users(), enabled: allowed });
  const groups = useQuery({ queryKey: ['core', 'groups', me?.organization_id], queryFn: () => accessApi.groups(), enabled: !!me && can(subject, 'READ_GROUP') });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['core', 'users'] });
    void queryClient.invalidateQueries({ queryKey: ['core', 'groups'] });
  };
  const onError = (err: Error) => notify(err.message, 'error');
  const deactivate = useMutation({ mutationFn: (id: string) => accessApi.deactivateUser(id), onSuccess: refresh, onError });
  const resetMfa = useMutation({ mutationFn: (id: string) => accessApi.updateUser(id, { reset_mfa: true }), onSuccess: refresh, onError });
  const createGroup = useMutation({ mutationFn: (name: string) => accessApi.createGroup(name), onSuccess: () => { setGroupName(''); refresh(); }, onError });
  const deleteGroup = useMutation({ mutationFn: (id: string) => accessApi.deleteGroup(id), onSuccess: refresh, onError });

  if (!allowed) {
    return (
      <>
        <Title2 as="h1">User management</Title2>
        <Body1>You do not have permission to manage users.</Body1>
      </>
    );
  }
  const groupName_ = (id: string) => groups.data?.find((g) => g.id === id)?.name ?? id;
  const submitGroup = (e: FormEvent) => {
    e.preventDefault();
    if (groupName.trim()) createGroup.mutate(groupName.trim());
  };

  return (
    <div className={styles.root}>
      <Title2 as="h1">User management</Title2>
      <div>
        <Button appearance="primary" disabled={!can(subject, 'CREATE_USER')} onClick={() => setDialog({ user: null })}>Add user</Button>
      </div>
      {users.isPending ? <Spinner /> : (
        <Table aria-label="Users" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Email</TableHeaderCell>
              <TableHeaderCell>Roles</TableHeaderCell>
              <TableHeaderCell>Groups</TableHeaderCell>
              <TableHeaderCell>MFA</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
              <TableHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {(users.data ?? []).map((u) => (
              <TableRow key={u.id} data-user-id={u.id}>
                <TableCell>{`${u.first_name} ${u.last_name}`.trim() || '—'}</TableCell>
                <TableCell>{u.email}</TableCell>
                <TableCell>{u.roles.join(', ') || '—'}</TableCell>
                <TableCell>{u.group_ids.map(groupName_).join(', ') || '—'}</TableCell>
                <TableCell>{u.mfa_enabled ? 'Enabled' : u.require_mfa_enabled ? 'Required' : 'Not enabled'}</TableCell>
                <TableCell>{u.is_active ? <Badge color="success">Active</Badge> : <Badge color="informative">Deactivated</Badge>}</TableCell>
                <TableCell>
                  <div className={styles.actions}>
                    <Button size="small" aria-label={`Edit ${u.email}`} disabled={!can(subject, 'UPDATE_USER')} onClick={() => setDialog({ user: u })}>Edit</Button>
                    {u.mfa_enabled && (
                      <Button size="small" aria-label={`Reset MFA of ${u.email}`} disabled={!can(subject, 'UPDATE_USER')} onClick={() => resetMfa.mutate(u.id)}>Reset MFA</Button>
                    )}
                    {u.is_active && u.id !== me.id && (
                      <Button size="small" aria-label={`Deactivate ${u.email}`} disabled={!can(subject, 'DELETE_USER')} onClick={() => deactivate.mutate(u.id)}>Deactivate</Button>
                    )}
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <section aria-labelledby="groups-heading">
        <Title3 as="h2" id="groups-heading">Groups</Title3>
        <Body1>Members of the group named Admin are this organization&apos;s administrators.</Body1>
        <ul>
          {(groups.data ?? []).map((g) => (
            <li key={g.id}>
              {g.name} ({g.user_ids.length} {g.user_ids.length === 1 ? 'member' : 'members'})
              {g.name !== 'Admin' && can(subject, 'DELETE_GROUP') && (
                <Button size="small" appearance="subtle" aria-label={`Delete group ${g.name}`} onClick={() => deleteGroup.mutate(g.id)}>Delete</Button>
              )}
            </li>
          ))}
        </ul>
        {can(subject, 'CREATE_GROUP') && (
          <form className={styles.row} onSubmit={submitGroup} aria-label="Create a group">
            <Field label="New group"><Input value={groupName} maxLength={100} onChange={(_, d) => setGroupName(d.value)} /></Field>
            <Button type="submit" disabled={!groupName.trim()}>Create group</Button>
          </form>
        )}
      </section>

      {dialog && (
        <UserDialog
          key={dialog.user?.id ?? 'new'}
          user={dialog.user}
          groups={groups.data ?? []}
          open
          onClose={() => setDialog(null)}
          onSaved={(u) => {
            notify(dialog.user ? `${u.email} was updated` : `${u.email} was added`, 'success');
            setDialog(null);
            refresh();
          }}
        />
      )}
    </div>
  );
}
