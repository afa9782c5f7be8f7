import { useState } from 'react';
import {
  Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar,
  MessageBarBody, Switch, makeStyles, tokens,
} from '@fluentui/react-components';
import { PERMISSIONS, ROLES } from '@core/shared/access/permissions';
import { PASSWORD_MESSAGES, passwordErrorMessage } from '@core/shared/access/passwords';
import type { ManagedUser } from '@core/shared/access/api';
import { ApiError } from '../../api/client';
import { accessApi } from '../../session/accessApi';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' },
  names: { display: 'flex', gap: tokens.spacingHorizontalM },
});

interface Group {
  id: string;
  name: string;
}

/** Turns a failed save into the words to show: password rule messages by status (spec part 1 §8) or the server's. */
export function saveErrorMessage(err: unknown, password: string): { message: string; tips: readonly string[] } {
  if (err instanceof ApiError) {
    const codes = err.metadata?.errors ?? [];
    if (err.status === 409 || (err.status === 400 && password && /password/i.test(err.message))) {
      return passwordErrorMessage({ status: err.status, password, errors: codes, flow: 'change' });
    }
    return { message: err.message, tips: [] };
  }
  return { message: PASSWORD_MESSAGES.other, tips: [] };
}

/** Create a user (with an initial password) or edit one: names, roles, groups, permissions and flags. */
export function UserDialog({ user, groups, open, onClose, onSaved }: {
  user: ManagedUser | null;
  groups: readonly Group[];
  open: boolean;
  onClose: () => void;
  onSaved: (u: ManagedUser) => void;
}) {
  const styles = useStyles();
  const editing = user !== null;
  const [email, setEmail] = useState(user?.email ?? '');
  const [firstName, setFirstName] = useState(user?.first_name ?? '');
  const [lastName, setLastName] = useState(user?.last_name ?? '');
  const [password, setPassword] = useState('');
  const [roles, setRoles] = useState<string[]>(user?.roles ?? ['Analyst']);
  const [groupIds, setGroupIds] = useState<string[]>(user?.group_ids ?? []);
  const [permissions, setPermissions] = useState<string[]>(user?.permissions ?? ['CREATE_CONVERSATION']);
  const [requireMfa, setRequireMfa] = useState(user?.require_mfa_enabled ?? false);
  const [problem, setProblem] = useState<{ message: string; tips: readonly string[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (list: string[], set: (v: string[]) => void, value: string, on: boolean) =>
    set(on ? [...new Set([...list, value])] : list.filter((x) => x !== value));

  const save = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const body = { first_name: firstName.trim(), last_name: lastName.trim(), roles, group_ids: groupIds, permissions, require_mfa_enabled: requireMfa };
      const saved = editing
        ? await accessApi.updateUser(user.id, { ...body, ...(email.trim() !== user.email ? { email: email.trim() } : {}), ...(password ? { password } : {}) })
        : await accessApi.createUser({ ...body, email: email.trim(), password });
      onSaved(saved);
    } catch (err) {
      setProblem(saveErrorMessage(err, password));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface aria-label={editing ? 'Edit user' : 'Add user'}>
        <DialogBody>
          <DialogTitle>{editing ? `Edit ${user.email}` : 'Add user'}</DialogTitle>
          <DialogContent className={styles.content}>
            {problem && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>
                  {problem.message}
                  {problem.tips.length > 0 && <ul>{problem.tips.map((t) => <li key={t}>{t}</li>)}</ul>}
                </MessageBarBody>
              </MessageBar>
            )}
            <Field label="Email" required>
              <Input type="email" value={email} onChange={(_, d) => setEmail(d.value)} />
            </Field>
            <div className={styles.names}>
              <Field label="First name"><Input value={firstName} onChange={(_, d) => setFirstName(d.value)} /></Field>
              <Field label="Last name"><Input value={lastName} onChange={(_, d) => setLastName(d.value)} /></Field>
            </div>
            <Field label={editing ? 'New initial password (optional)' : 'Initial password'} required={!editing} hint={PASSWORD_MESSAGES.hint}>
              <Input type="password" autoComplete="new-password" value={password} onChange={(_, d) => setPassword(d.value)} />
            </Field>
            <fieldset>
              <legend>Roles</legend>
              {ROLES.map((r) => <Checkbox key={r} label={r} checked={roles.includes(r)} onChange={(_, d) => toggle(roles, setRoles, r, !!d.checked)} />)}
            </fieldset>
            <fieldset>
              <legend>Groups</legend>
              {groups.map((g) => <Checkbox key={g.id} label={g.name} checked={groupIds.includes(g.id)} onChange={(_, d) => toggle(groupIds, setGroupIds, g.id, !!d.checked)} />)}
            </fieldset>
            <Switch label="Require multi-factor authentication now" checked={requireMfa} onChange={(_, d) => setRequireMfa(d.checked)} />
            <fieldset>
              <legend>Permissions</legend>
              <div className={styles.grid}>
                {PERMISSIONS.map((p) => (
                  <Checkbox key={p} label={p} checked={permissions.includes(p)} onChange={(_, d) => toggle(permissions, setPermissions, p, !!d.checked)} />
                ))}
              </div>
            </fieldset>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button appearance="primary" disabled={busy || !email.trim() || (!editing && !password)} onClick={() => void save()}>
              {editing ? 'Save' : 'Add user'}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
