import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Select, Switch, Text,
} from '@fluentui/react-components';
import { apiMutate } from '@core/client/api/client';
import { ALERT_CONFIGS_PATH, ALERT_PREVIEW_PATH, alertConfigSchema, previewSchema, type AlertConfig, type Criterion } from '../shared/api';
import { checkAlertConfig } from '../shared/validation';
import PreviewChart from './PreviewChart';
import { CRITERION_KINDS, DIRECTIONS, METRICS, SENSITIVITIES, UNITS } from '../shared/vocabulary';

/** Comma-separated text to a list, or null when empty (the spec's "list or null"). */
const toList = (text: string): string[] | null => {
  const items = text.split(',').map((s) => s.trim()).filter(Boolean);
  return items.length ? items : null;
};

const blankCriterion = (): Criterion => ({ metric: 'post_count', unit: 'count', direction: 'increase', threshold: 0, platform: null, risk_categories: null, kind: 'threshold' });

interface Texts { threshold: string; platform: string; risk: string }
interface Props { conversationId: string; rule?: AlertConfig; open: boolean; onClose: () => void }

/** New/edit alert rule: fields, criteria, recipients, webhook; checks with the server's own messages; previews firings. */
export default function RuleDialog({ conversationId, rule, open, onClose }: Props) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(rule?.name ?? '');
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);
  const [criteria, setCriteria] = useState<Criterion[]>(rule?.config.criteria ?? [blankCriterion()]);
  // What the user typed in the free-text fields, kept as typed (a trailing comma must survive) and read on check.
  const [texts, setTexts] = useState<Texts[]>((rule?.config.criteria ?? [blankCriterion()]).map((c) => ({
    threshold: String(c.threshold), platform: c.platform?.join(', ') ?? '', risk: c.risk_categories?.join(', ') ?? '',
  })));
  const setText = (i: number, patch: Partial<Texts>) => setTexts((all) => all.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  const [recipients, setRecipients] = useState(rule?.recipients?.join(', ') ?? '');
  const [webhook, setWebhook] = useState(rule?.config.webhook_url ?? '');
  const [errors, setErrors] = useState<string[]>([]);

  const body = () => ({
    name, alertable_type: 'conversation', alertable_id: conversationId, enabled, recipients: toList(recipients),
    config: {
      webhook_url: webhook.trim() || null,
      criteria: criteria.map((c, i) => {
        const t = texts[i]!;
        return { ...c, threshold: t.threshold.trim() === '' ? null : Number(t.threshold), platform: toList(t.platform), risk_categories: toList(t.risk) };
      }),
    },
  });
  const checked = () => {
    const result = checkAlertConfig(body());
    setErrors(result.ok ? [] : result.errors);
    return result.ok;
  };
  // The criteria the shown preview was computed for (the fields may have changed since).
  const [previewed, setPreviewed] = useState<Criterion[]>([]);
  const preview = useMutation({
    mutationFn: () => {
      const config = body().config as { criteria: Criterion[] };
      setPreviewed(config.criteria);
      return apiMutate('POST', ALERT_PREVIEW_PATH, { body: { alertable_id: conversationId, config }, schema: previewSchema });
    },
  });
  const save = useMutation({
    mutationFn: () => rule
      ? apiMutate('PUT', `${ALERT_CONFIGS_PATH}/${encodeURIComponent(rule.id)}`, { body: body(), schema: alertConfigSchema })
      : apiMutate('POST', ALERT_CONFIGS_PATH, { body: body(), schema: alertConfigSchema }),
    onSuccess: async () => { await queryClient.invalidateQueries({ queryKey: ['alerts'] }); onClose(); },
  });
  const update = (i: number, patch: Partial<Criterion>) => setCriteria((all) => all.map((c, j) => (j === i ? { ...c, ...patch } : c)));

  return (
    <Dialog open={open} onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface aria-label={rule ? 'Edit alert rule' : 'New alert rule'}>
        <DialogBody>
          <DialogTitle>{rule ? 'Edit alert rule' : 'New alert rule'}</DialogTitle>
          <DialogContent>
            <Field label="Name"><Input value={name} onChange={(_, d) => setName(d.value)} /></Field>
            <Switch label="Enabled" checked={enabled} onChange={(_, d) => setEnabled(d.checked)} />
            {criteria.map((c, i) => (
              <fieldset key={i} aria-label={`Criterion ${i + 1}`}>
                <legend>{`Criterion ${i + 1}`}</legend>
                <Field label="Kind"><Select value={c.kind ?? 'threshold'} onChange={(_, d) => update(i, { kind: d.value as Criterion['kind'] })}>
                  {CRITERION_KINDS.map((k) => <option key={k} value={k}>{k === 'unusual_change' ? 'unusual change' : k}</option>)}</Select></Field>
                <Field label="Metric"><Select value={c.metric} onChange={(_, d) => update(i, { metric: d.value as Criterion['metric'] })}>
                  {METRICS.map((m) => <option key={m}>{m}</option>)}</Select></Field>
                <Field label="Unit"><Select value={c.unit} onChange={(_, d) => update(i, { unit: d.value as Criterion['unit'] })}>
                  {UNITS.map((u) => <option key={u}>{u}</option>)}</Select></Field>
                <Field label="Direction"><Select value={c.direction} onChange={(_, d) => update(i, { direction: d.value as Criterion['direction'] })}>
                  {DIRECTIONS.map((d) => <option key={d}>{d}</option>)}</Select></Field>
                <Field label="Threshold"><Input value={texts[i]!.threshold} onChange={(_, d) => setText(i, { threshold: d.value })} /></Field>
                {c.kind === 'unusual_change' && (
                  <Field label="Sensitivity"><Select value={c.sensitivity ?? 'medium'} onChange={(_, d) => update(i, { sensitivity: d.value as Criterion['sensitivity'] })}>
                    {SENSITIVITIES.map((s) => <option key={s}>{s}</option>)}</Select></Field>
                )}
                <Field label="Platforms (comma-separated, empty for all)">
                  <Input value={texts[i]!.platform} onChange={(_, d) => setText(i, { platform: d.value })} /></Field>
                <Field label="Risk categories (comma-separated, empty for all)">
                  <Input value={texts[i]!.risk} onChange={(_, d) => setText(i, { risk: d.value })} /></Field>
                {criteria.length > 1 && (
                  <Button onClick={() => { setCriteria((all) => all.filter((_, j) => j !== i)); setTexts((t) => t.filter((_, j) => j !== i)); }}>
                    {`Remove criterion ${i + 1}`}</Button>
                )}
              </fieldset>
            ))}
            <Button onClick={() => { setCriteria((all) => [...all, blankCriterion()]); setTexts((t) => [...t, { threshold: '0', platform: '', risk: '' }]); }}>Add criterion</Button>
            <Field label="Recipients (user ids, comma-separated; empty for everyone who receives alerts)">
              <Input value={recipients} onChange={(_, d) => setRecipients(d.value)} /></Field>
            <Field label="Webhook URL (optional)"><Input value={webhook} onChange={(_, d) => setWebhook(d.value)} /></Field>
            {errors.length > 0 && <ul role="alert" aria-label="Problems">{errors.map((e) => <li key={e}>{e}</li>)}</ul>}
            {save.isError && <Text role="alert">{(save.error as Error).message}</Text>}
            {preview.isError && <Text role="alert">{(preview.error as Error).message}</Text>}
            {preview.data && (
              <section aria-label="Preview">
                <Text>{`Over ${preview.data.points} runs this rule would have fired ${preview.data.firings.length} times.`}</Text>
                {preview.data.points > 0 && <PreviewChart preview={preview.data} criteria={previewed} />}
                <ul>{preview.data.firings.map((f) => (
                  <li key={f.dag_run_id}>{`${new Date(f.timestamp).toLocaleString()}: ${f.message}`}</li>
                ))}</ul>
              </section>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => { if (checked()) preview.mutate(); }}>Preview</Button>
            <Button appearance="primary" onClick={() => { if (checked()) save.mutate(); }}>Save</Button>
            <Button onClick={onClose}>Cancel</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
