import { useState, type FormEvent } from 'react';
import {
  Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input,
  MessageBar, MessageBarBody, Spinner,
} from '@fluentui/react-components';
import type { Project } from '../../shared/api';
import { MESSAGES } from '../../shared/messages';
import { projectNameKey } from '../../shared/rules';
import { serverMessage } from '../api';

export interface ProjectDialogProps {
  /** null = Add Project; a project = Edit Project. */
  project: Project | null;
  /** The loaded projects: names must be unique among them (spec part 1 section 5). */
  projects: readonly Project[];
  /** Saves; rejects with the server's error, which the dialog then shows. */
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** Add Project / Edit Project (spec part 1 section 2): title, name, Add or Save Changes, and Cancel. */
export function ProjectDialog({ project, projects, onSave, onClose }: ProjectDialogProps) {
  const [name, setName] = useState(project?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = project !== null;

  const validate = (value: string): string | null => {
    if (!value.trim()) return MESSAGES.projectNameRequired;
    const key = projectNameKey(value);
    if (projects.some((p) => p.id !== project?.id && projectNameKey(p.name) === key)) return MESSAGES.projectExists;
    return null;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validate(name);
    setError(problem);
    if (problem) return;
    setSaving(true);
    setServerError(null);
    try {
      await onSave(name.trim());
      onClose();
    } catch (err) {
      setServerError(serverMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => { if (!d.open && !saving) onClose(); }}>
      <DialogSurface aria-label={editing ? 'Edit Project' : 'Add Project'}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogBody>
            <DialogTitle>{editing ? 'Edit Project' : 'Add Project'}</DialogTitle>
            <DialogContent>
              <Field label="Project name" required validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
                <Input value={name} autoFocus maxLength={200} onChange={(_, d) => { setName(d.value); if (error) setError(validate(d.value)); }} />
              </Field>
              {serverError && <MessageBar intent="error"><MessageBarBody>{serverError}</MessageBarBody></MessageBar>}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" type="button" onClick={onClose} disabled={saving}>Cancel</Button>
              <Button appearance="primary" type="submit" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
                {editing ? 'Save Changes' : 'Add'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

export interface RemoveProjectDialogProps {
  project: Project;
  onRemove: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * Remove project confirmation (spec part 1 section 2): on confirm it removes the project and closes; on failure it
 * shows the error message inside the dialog.
 */
export function RemoveProjectDialog({ project, onRemove, onClose }: RemoveProjectDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const confirm = async () => {
    setRemoving(true);
    setError(null);
    try {
      await onRemove();
      onClose();
    } catch (err) {
      setError(serverMessage(err));
    } finally {
      setRemoving(false);
    }
  };
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => { if (!d.open && !removing) onClose(); }}>
      <DialogSurface aria-label="Remove project">
        <DialogBody>
          <DialogTitle>Remove project</DialogTitle>
          <DialogContent>
            <Body1 as="p">{MESSAGES.removeProjectQuestion(project.name)}</Body1>
            <Body1 as="p">{MESSAGES.removeProjectConsequence}</Body1>
            {error && <MessageBar intent="error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose} disabled={removing}>Cancel</Button>
            <Button appearance="primary" onClick={() => void confirm()} disabled={removing} icon={removing ? <Spinner size="tiny" /> : undefined}>Remove</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

export interface DeleteConversationDialogProps {
  name: string;
  onDelete: () => Promise<unknown>;
  onClose: () => void;
}

/** Delete conversation confirmation (the spec gives no wording for it: ours mirrors the project one). */
export function DeleteConversationDialog({ name, onDelete, onClose }: DeleteConversationDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onDelete();
      onClose();
    } catch (err) {
      setError(serverMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => { if (!d.open && !busy) onClose(); }}>
      <DialogSurface aria-label="Delete conversation">
        <DialogBody>
          <DialogTitle>Delete conversation</DialogTitle>
          <DialogContent>
            <Body1 as="p">Are you sure you want to delete the conversation "{name}"?</Body1>
            <Body1 as="p">Its results will no longer be available.</Body1>
            {error && <MessageBar intent="error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose} disabled={busy}>Cancel</Button>
            <Button appearance="primary" onClick={() => void confirm()} disabled={busy}>Delete</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
