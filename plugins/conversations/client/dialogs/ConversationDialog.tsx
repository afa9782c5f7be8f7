import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  Body1, Button, Caption1, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input,
  MessageBar, MessageBarBody, Radio, RadioGroup, Select, Spinner, Switch, makeStyles, tokens,
} from '@fluentui/react-components';
import { validateQuery, type QueryError } from '@core/shared/query';
import { LANGUAGES, LANGUAGE_LABELS, type Conversation, type Language, type Preview, type Project } from '../../shared/api';
import { defaultRange, joinDateTime, parseConversationDate, splitDateTime } from '../../shared/dates';
import { ApiError } from '@core/client/api/client';
import { MESSAGES } from '../../shared/messages';
import { isActive } from '../../shared/rules';
import { createFailureMessage, editFailureMessage, fetchPreview, usePreferredLanguage } from '../api';
import { QueryField } from './QueryField';

const PREVIEW_UNAVAILABLE = 'The preview is not available right now.';

const useStyles = makeStyles({
  surface: { maxWidth: '640px', width: 'calc(100vw - 32px)' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalM },
  preview: {
    padding: tokens.spacingHorizontalS, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground2,
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS,
  },
  platforms: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

export interface ConversationDialogProps {
  /** Absent = Create Conversation; present = Edit Conversation. */
  conversation?: Conversation | null;
  projects: readonly Project[];
  defaultProjectId: string | null;
  /** Whether saving an edit that changes the query, dates or language may re-run it (the user's re-run rights). */
  mayRerun?: boolean;
  create: (body: Record<string, unknown>) => Promise<Conversation>;
  edit: (id: string, body: Record<string, unknown>) => Promise<Conversation>;
  onClose: () => void;
  onSaved?: (conversation: Conversation) => void;
}

type Mode = 'range' | 'continuous';

function initialRange(c: Conversation | null | undefined) {
  const range = c?.start_date && c.end_date ? { start: c.start_date, end: c.end_date } : defaultRange();
  const s = splitDateTime(range.start);
  const e = splitDateTime(range.end);
  return { startDate: s.date, startTime: s.time, endDate: e.date, endTime: e.time };
}

/** A form date: blank = not given; otherwise `date` + `T` + `time` (an empty time gets midnight). */
function formDate(date: string, time: string): { given: boolean; iso: string | null } {
  if (!date.trim() && !time.trim()) return { given: false, iso: null };
  return { given: true, iso: parseConversationDate(joinDateTime(date, time)) };
}

/**
 * Create / Edit Conversation (spec part 1 sections 2, 5 and 8): name, project, query (errors inline, positions
 * highlighted, curly quotes converted on paste), date range (yyyy-mm-dd and hh:mm, UTC, last 3 days by default)
 * or continuous mode (the other mode disabled when editing), language (en, es, zh; the user's preference by
 * default), and a live preview of how many stored posts match.
 */
export function ConversationDialog(props: ConversationDialogProps) {
  const { conversation, projects, defaultProjectId, onClose } = props;
  const styles = useStyles();
  const editing = !!conversation;
  const [name, setName] = useState(conversation?.name ?? '');
  const [projectId, setProjectId] = useState(conversation?.project_id ?? defaultProjectId ?? projects[0]?.id ?? '');
  const [query, setQuery] = useState(conversation?.query_string ?? '');
  const [mode, setMode] = useState<Mode>(conversation?.threat_feed ? 'continuous' : 'range');
  const [dates, setDates] = useState(() => initialRange(conversation));
  const preferred = usePreferredLanguage(!editing);
  const [language, setLanguage] = useState<Language | null>((conversation?.language as Language | undefined) ?? null);
  const [suspended, setSuspended] = useState(conversation?.suspended ?? false);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const effectiveLanguage: Language = language ?? ((LANGUAGES as readonly string[]).includes(preferred.data ?? '') ? (preferred.data as Language) : 'en');

  const queryErrors: QueryError[] = useMemo(() => validateQuery(query), [query]);
  const start = formDate(dates.startDate, dates.startTime);
  const end = formDate(dates.endDate, dates.endTime);
  const datesValid = mode === 'continuous' || (
    (!start.given || start.iso !== null) && (!end.given || end.iso !== null)
    && (!start.iso || !end.iso || Date.parse(start.iso) < Date.parse(end.iso)));
  const nameError = submitted && !name.trim() ? MESSAGES.conversationNameRequired : null;
  const projectError = submitted && !projectId ? MESSAGES.projectRequired : null;

  // Live preview: debounced, only for a valid query and dates.
  // `failed`: what to say instead of counts (the server's 408 when the search ran past its time budget).
  const [preview, setPreview] = useState<{ loading: boolean; data: Preview | null; failed: string | null }>({ loading: false, data: null, failed: null });
  const previewKey = queryErrors.length === 0 && datesValid ? JSON.stringify([query, mode, start.iso, end.iso]) : null;
  useEffect(() => {
    if (!previewKey) { setPreview({ loading: false, data: null, failed: null }); return; }
    const controller = new AbortController();
    setPreview((p) => ({ ...p, loading: true }));
    const timer = setTimeout(() => {
      fetchPreview({ query_string: query, threat_feed: mode === 'continuous', start_date: start.iso, end_date: end.iso }, controller.signal)
        .then((data) => setPreview({ loading: false, data, failed: null }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const tooSlow = error instanceof ApiError && error.status === 408;
          setPreview({ loading: false, data: null, failed: tooSlow ? MESSAGES.previewTooSlow : PREVIEW_UNAVAILABLE });
        });
    }, 600);
    return () => { clearTimeout(timer); controller.abort(); };
  }, [previewKey]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (!name.trim() || !projectId || queryErrors.length > 0) return;
    if (!datesValid) {
      setFormError(MESSAGES.createDates);
      return;
    }
    const body: Record<string, unknown> = {
      name: name.trim(), project_id: projectId, query_string: query, threat_feed: mode === 'continuous',
      start_date: mode === 'range' ? start.iso : null, end_date: mode === 'range' ? end.iso : null, language: effectiveLanguage,
    };
    setSaving(true);
    try {
      let saved: Conversation;
      if (conversation) {
        const changed = query !== conversation.query_string || effectiveLanguage !== conversation.language
          || (mode === 'range' && (start.iso !== conversation.start_date || end.iso !== conversation.end_date));
        const rerun = changed && !!props.mayRerun && !isActive(conversation.status);
        saved = await props.edit(conversation.id, {
          ...body, rerun, use_existing_data: false, ...(conversation.threat_feed ? { suspended } : {}),
        });
      } else {
        saved = await props.create(body);
      }
      props.onSaved?.(saved);
      onClose();
    } catch (err) {
      setFormError(conversation ? editFailureMessage(err) : createFailureMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const title = editing ? 'Edit Conversation' : 'Create Conversation';
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => { if (!d.open && !saving) onClose(); }}>
      <DialogSurface className={styles.surface} aria-label={title}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.content}>
              <Field label="Name" required validationMessage={nameError ?? undefined} validationState={nameError ? 'error' : 'none'}>
                <Input value={name} maxLength={200} autoFocus onChange={(_, d) => setName(d.value)} />
              </Field>
              <Field label="Project" required validationMessage={projectError ?? undefined} validationState={projectError ? 'error' : 'none'}>
                <Select value={projectId} onChange={(_, d) => setProjectId(d.value)}>
                  {!projectId && <option value="">Choose a project</option>}
                  {projects.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
                </Select>
              </Field>
              <QueryField value={query} onChange={setQuery} errors={submitted ? queryErrors : null} disabled={saving} />
              <Field label="Mode">
                <RadioGroup layout="horizontal" value={mode} onChange={(_, d) => setMode(d.value as Mode)}>
                  <Radio value="range" label="Date range" disabled={editing && conversation!.threat_feed} />
                  <Radio value="continuous" label="Continuous (every day, previous 7 days)" disabled={editing && !conversation!.threat_feed} />
                </RadioGroup>
              </Field>
              {mode === 'range' ? (
                <>
                  <div className={styles.row}>
                    <Field label="Start date (UTC)" hint="yyyy-mm-dd">
                      <Input value={dates.startDate} placeholder="yyyy-mm-dd" onChange={(_, d) => setDates({ ...dates, startDate: d.value })} />
                    </Field>
                    <Field label="Start time (UTC)" hint="hh:mm">
                      <Input value={dates.startTime} placeholder="hh:mm" onChange={(_, d) => setDates({ ...dates, startTime: d.value })} />
                    </Field>
                  </div>
                  <div className={styles.row}>
                    <Field label="End date (UTC)" hint="yyyy-mm-dd">
                      <Input value={dates.endDate} placeholder="yyyy-mm-dd" onChange={(_, d) => setDates({ ...dates, endDate: d.value })} />
                    </Field>
                    <Field label="End time (UTC)" hint="hh:mm">
                      <Input value={dates.endTime} placeholder="hh:mm" onChange={(_, d) => setDates({ ...dates, endTime: d.value })} />
                    </Field>
                  </div>
                </>
              ) : (
                <>
                  <Caption1>Runs every day and collects the previous 7 days.</Caption1>
                  {editing && <Switch checked={suspended} onChange={(_, d) => setSuspended(d.checked)} label="Pause the daily runs" />}
                </>
              )}
              <Field label="Language">
                <Select value={effectiveLanguage} onChange={(_, d) => setLanguage(d.value as Language)}>
                  {LANGUAGES.map((l) => <option key={l} value={l}>{LANGUAGE_LABELS[l]}</option>)}
                </Select>
              </Field>
              <section className={styles.preview} aria-label="Live preview" aria-live="polite">
                <Body1><strong>Live preview</strong></Body1>
                {!previewKey && <Caption1>Enter a valid query to see how many stored posts match.</Caption1>}
                {previewKey && preview.loading && <Spinner size="tiny" label="Counting stored posts…" />}
                {previewKey && !preview.loading && preview.failed && <Caption1>{preview.failed}</Caption1>}
                {previewKey && !preview.loading && preview.data && (
                  preview.data.available ? (
                    <>
                      <Caption1 data-testid="preview-total">{preview.data.total} stored posts match</Caption1>
                      {preview.data.platforms.length > 0 && (
                        <ul className={styles.platforms}>
                          {preview.data.platforms.map((p) => <li key={p.platform}><Caption1>{p.platform}: {p.count}</Caption1></li>)}
                        </ul>
                      )}
                    </>
                  ) : <Caption1 data-testid="preview-total">0 stored posts match (no posts are stored yet)</Caption1>
                )}
              </section>
              {formError && <MessageBar intent="error"><MessageBarBody>{formError}</MessageBarBody></MessageBar>}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" type="button" onClick={onClose} disabled={saving}>Cancel</Button>
              <Button appearance="primary" type="submit" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
                {editing ? 'Save Changes' : 'Create'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
