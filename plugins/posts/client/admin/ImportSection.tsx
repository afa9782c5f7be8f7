import { useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Body1, Button, Field, MessageBar, MessageBarBody, ProgressBar, Select, Table, TableBody, TableCell, TableHeader, TableHeaderCell,
  TableRow, Title3, makeStyles, tokens,
} from '@fluentui/react-components';
import { PLATFORMS, PLATFORM_KEYS } from '@core/shared/platforms';
import { UPLOAD_FORMATS, UPLOAD_FORMAT_LABELS, type ImportResult, type UploadFormat } from '../../shared/imports';
import { uploadImport } from './api';
import { serverMessage } from './DataSourcesSection';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '560px' },
  problems: { maxHeight: '320px', overflow: 'auto' },
});

/** The format a file name suggests; null when its extension says nothing. */
export function formatOfFileName(name: string): UploadFormat | null {
  const ext = name.toLowerCase().replace(/\.gz$/, '').split('.').pop() ?? '';
  if (ext === 'csv') return 'csv';
  if (ext === 'ndjson') return 'ndjson';
  if (ext === 'jsonl' || ext === 'json') return 'jsonl';
  return null;
}

export function summarize(r: ImportResult): string {
  return `${r.records.toLocaleString('en')} records read: ${r.imported.toLocaleString('en')} imported, ` +
    `${r.duplicates.toLocaleString('en')} already stored, ${r.rejected.toLocaleString('en')} rejected.`;
}

/**
 * Upload of an export file into the organisation's post store (organisation admins). The file streams to the
 * server, which imports while it receives: the bar shows both. Rejected rows are listed with line and reason.
 */
export function ImportSection() {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<UploadFormat>('jsonl');
  const [platform, setPlatform] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file || busy) return;
    setResult(null);
    setError(null);
    setProgress(0);
    try {
      const answer = await uploadImport({ file, format, platform: platform || null, onProgress: setProgress });
      setResult(answer);
      // The store changed: anything that shows posts or counts may be stale.
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
    } catch (err) {
      setError(serverMessage(err));
    } finally {
      setProgress(null);
    }
  };

  return (
    <section aria-labelledby="posts-import-heading">
      <Title3 as="h2" id="posts-import-heading">Import posts</Title3>
      <Body1 as="p">
        Posts exported from other tools: Narrascope JSONL, the QUT coordination toolkit&apos;s CSV or 4CAT NDJSON. Posts already
        stored are not added twice; rejected rows are listed below with their line number.
      </Body1>
      <form className={styles.form} onSubmit={submit}>
        <Field label="File" required>
          <input
            ref={fileInput} type="file" aria-label="File to import" accept=".jsonl,.json,.csv,.ndjson" disabled={busy}
            onChange={(e) => {
              const picked = e.target.files?.[0] ?? null;
              setFile(picked);
              const guessed = picked ? formatOfFileName(picked.name) : null;
              if (guessed) setFormat(guessed);
            }}
          />
        </Field>
        <Field label="Format">
          <Select value={format} disabled={busy} onChange={(_, d) => setFormat(d.value as UploadFormat)}>
            {UPLOAD_FORMATS.map((f) => <option key={f} value={f}>{UPLOAD_FORMAT_LABELS[f]}</option>)}
          </Select>
        </Field>
        <Field label="Platform" hint="For records that name none (and every CSV row; X when not chosen).">
          <Select value={platform} disabled={busy} onChange={(_, d) => setPlatform(d.value)}>
            <option value="">As named in the file</option>
            {PLATFORM_KEYS.map((k) => <option key={k} value={k}>{PLATFORMS[k].label}</option>)}
          </Select>
        </Field>
        <Button type="submit" appearance="primary" disabled={!file || busy}>Import</Button>
        {busy && (
          <Field validationMessage={`Uploading and importing… ${Math.round((progress ?? 0) * 100)}%`} validationState="none">
            <ProgressBar value={progress ?? 0} max={1} aria-label="Import progress" />
          </Field>
        )}
      </form>
      {error && <MessageBar intent="error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
      {result && (
        <div role="status" aria-label="Import result">
          <MessageBar intent={result.rejected > 0 ? 'warning' : 'success'}><MessageBarBody>{summarize(result)}</MessageBarBody></MessageBar>
          {result.problems.length > 0 && (
            <div className={styles.problems}>
              <Table aria-label="Rejected rows" size="small">
                <TableHeader>
                  <TableRow><TableHeaderCell>Line</TableHeaderCell><TableHeaderCell>Reason</TableHeaderCell></TableRow>
                </TableHeader>
                <TableBody>
                  {result.problems.map((p) => (
                    <TableRow key={`${p.line}:${p.reason}`}><TableCell>{p.line}</TableCell><TableCell>{p.reason}</TableCell></TableRow>
                  ))}
                </TableBody>
              </Table>
              {result.rejected > result.problems.length && (
                <Body1>Only the first {result.problems.length.toLocaleString('en')} rejected rows are listed.</Body1>
              )}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
