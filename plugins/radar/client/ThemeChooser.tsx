import { useState } from 'react';
import {
  Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, makeStyles, tokens,
} from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { apiMutate } from '@core/client/api/client';
import { organizationPath, type RadarSettings } from '../shared/api';
import { THEME_LABELS, THEME_ORDER, type ThemeName } from '../shared/themes';

const useStyles = makeStyles({ list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS } });

/**
 * The organisation's Topic Radar themes, one checkbox per theme in the spec's order (core's organisation call,
 * `themes`). Choosing none turns Topic Radar off. The server's refusal shows in the dialog.
 */
export function ThemeChooser({ settings, onClose }: { settings: RadarSettings; onClose: () => void }) {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<ReadonlySet<ThemeName>>(() => new Set(settings.themes as ThemeName[]));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const toggle = (theme: ThemeName, on: boolean) => setChosen((prev) => {
    const next = new Set(prev);
    if (on) next.add(theme);
    else next.delete(theme);
    return next;
  });
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await apiMutate('PUT', organizationPath(settings.organization_id), { body: { themes: THEME_ORDER.filter((t) => chosen.has(t)) } });
      // The picker's Topic Radar link reads the organisation summary of the conversations plugin.
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['radar'] }), queryClient.invalidateQueries({ queryKey: ['conversations'] })]);
      onClose();
    } catch (e) {
      const messages = (e as { metadata?: { errors?: string[] } }).metadata?.errors;
      setError(messages?.[0] ?? (e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface aria-label="Topic Radar themes">
        <DialogBody>
          <DialogTitle>Topic Radar themes</DialogTitle>
          <DialogContent>
            <div className={styles.list}>
              {THEME_ORDER.map((t) => <Checkbox key={t} label={THEME_LABELS[t]} checked={chosen.has(t)} onChange={(_, d) => toggle(t, d.checked === true)} />)}
            </div>
            {chosen.size === 0 ? <MessageBar intent="warning"><MessageBarBody>With no theme, Topic Radar is off for the organization.</MessageBarBody></MessageBar> : null}
            {error ? <MessageBar intent="error"><MessageBarBody>{error}</MessageBarBody></MessageBar> : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>Cancel</Button>
            <Button appearance="primary" disabled={saving} onClick={() => void save()}>Save</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
