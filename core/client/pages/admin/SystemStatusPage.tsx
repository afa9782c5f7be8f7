import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Body1, Caption1, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title2, Title3,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { SYSTEM_STATUS_PATH, systemStatusSchema, type RunSummary, type SystemStatus } from '@core/shared/status/api';
import { ApiError, apiGet } from '../../api/client';
import { useCurrentUser } from '../../session/SessionContext';
import { formatWhen } from './EventAuditPage';
import { ProductUsageSection } from './ProductUsageSection';

/** The page re-asks on this period while it is open. */
export const STATUS_REFRESH_MS = 10_000;
const STATUSES = ['PENDING', 'RUNNING', 'SUCCESS', 'FAILED', 'CANCELLED'] as const;
const DIALECTS: Record<SystemStatus['database'], string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { fontWeight: tokens.fontWeightSemibold },
  error: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
});

export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d) return `${d} d ${h} h ${m} min`;
  if (h) return `${h} h ${m} min`;
  return m ? `${m} min ${Math.floor(seconds % 60)} s` : `${Math.floor(seconds)} s`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

function OpenRuns({ runs }: { runs: RunSummary[] }) {
  if (!runs.length) return <Body1>No run is queued or running.</Body1>;
  return (
    <Table aria-label="Queued and running runs" size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Conversation</TableHeaderCell>
          <TableHeaderCell>Run type</TableHeaderCell>
          <TableHeaderCell>Stage</TableHeaderCell>
          <TableHeaderCell>Progress</TableHeaderCell>
          <TableHeaderCell>Queued</TableHeaderCell>
          <TableHeaderCell>Started</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {runs.map((r) => (
          <TableRow key={r.id}>
            <TableCell>{r.status}</TableCell>
            <TableCell>{r.conversation_name ?? r.conversation_id}</TableCell>
            <TableCell>{r.run_type}</TableCell>
            <TableCell>{r.dag_step === null ? '—' : `Step ${r.dag_step} of 5${r.current_stage ? ` · ${r.current_stage}` : ''}`}</TableCell>
            <TableCell>{`${Math.round(r.progress * 100)} %`}</TableCell>
            <TableCell>{formatWhen(r.created_at)}</TableCell>
            <TableCell>{r.started_at ? formatWhen(r.started_at) : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const count = (n: number) => n.toLocaleString('en-US');

/** The spec's system metrics and collector utilisation, then the versions object. */
function SystemData({ status }: { status: SystemStatus }) {
  const styles = useStyles();
  const m = status.system_metrics;
  const v = status.versions;
  return (
    <>
      <section aria-labelledby="metrics-heading">
        <Title3 as="h2" id="metrics-heading">System metrics</Title3>
        <dl className={styles.facts}>
          <dt className={styles.term}>Records</dt><dd>{count(m.record_count)}</dd>
          <dt className={styles.term}>Conversations</dt><dd>{count(m.total_conversations)}</dd>
          <dt className={styles.term}>Users</dt><dd>{count(m.users)}</dd>
          <dt className={styles.term}>DAG runs</dt><dd>{count(m.dag_runs)}</dd>
        </dl>
      </section>
      <section aria-labelledby="collectors-heading">
        <Title3 as="h2" id="collectors-heading">Data collector utilisation</Title3>
        {m.collector_utilisations.length === 0 ? <Body1>No data collector has run.</Body1> : (
          <Table aria-label="Data collector utilisation" size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Data collector</TableHeaderCell>
                <TableHeaderCell>Total entities</TableHeaderCell>
                <TableHeaderCell>Total queries</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {m.collector_utilisations.map((u) => (
                <TableRow key={u.datacollector}>
                  <TableCell>{u.datacollector}</TableCell>
                  <TableCell>{count(u.total_entities)}</TableCell>
                  <TableCell>{count(u.total_queries)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
      <section aria-labelledby="versions-heading">
        <Title3 as="h2" id="versions-heading">Versions</Title3>
        <dl className={styles.facts}>
          <dt className={styles.term}>Backend</dt><dd>{v.backend}</dd>
          <dt className={styles.term}>Commit</dt><dd>{v.commit ?? 'unknown'}</dd>
          <dt className={styles.term}>Runtime</dt><dd>{v.language_runtime}</dd>
          {Object.entries(v.analysis_services).map(([id, version]) => (
            <Fragment key={id}><dt className={styles.term}>{id}</dt><dd>{`v${version}`}</dd></Fragment>
          ))}
        </dl>
      </section>
    </>
  );
}

function Pipeline({ status }: { status: SystemStatus }) {
  const styles = useStyles();
  const p = status.pipeline;
  return (
    <>
      <section aria-labelledby="runs-heading">
        <Title3 as="h2" id="runs-heading">Runs by status</Title3>
        <Table aria-label="Runs by status" size="small">
          <TableHeader><TableRow>{STATUSES.map((s) => <TableHeaderCell key={s}>{s}</TableHeaderCell>)}</TableRow></TableHeader>
          <TableBody><TableRow>{STATUSES.map((s) => <TableCell key={s}>{p.runs_by_status[s] ?? 0}</TableCell>)}</TableRow></TableBody>
        </Table>
      </section>
      <section aria-labelledby="open-heading">
        <Title3 as="h2" id="open-heading">Queued and running</Title3>
        <OpenRuns runs={[...p.running, ...p.queued]} />
      </section>
      <section aria-labelledby="failures-heading">
        <Title3 as="h2" id="failures-heading">Recent failures</Title3>
        {p.recent_failures.length === 0 ? <Body1>No run has failed.</Body1> : (
          <Table aria-label="Recent failures" size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Finished</TableHeaderCell>
                <TableHeaderCell>Conversation</TableHeaderCell>
                <TableHeaderCell>Stage</TableHeaderCell>
                <TableHeaderCell>Error</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {p.recent_failures.map((f) => (
                <TableRow key={f.run_id}>
                  <TableCell>{f.finished_at ? formatWhen(f.finished_at) : '—'}</TableCell>
                  <TableCell>{f.conversation_name ?? f.conversation_id}</TableCell>
                  <TableCell>{f.stage_id ?? '—'}</TableCell>
                  <TableCell className={styles.error}>{f.error ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
      <section aria-labelledby="durations-heading">
        <Title3 as="h2" id="durations-heading">Stage durations (last 24 hours)</Title3>
        {p.stage_durations.length === 0 ? <Body1>No stage finished in the last 24 hours.</Body1> : (
          <Table aria-label="Stage durations" size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Stage</TableHeaderCell>
                <TableHeaderCell>Runs</TableHeaderCell>
                <TableHeaderCell>Median</TableHeaderCell>
                <TableHeaderCell>Slowest</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {p.stage_durations.map((d) => (
                <TableRow key={d.stage_id}>
                  <TableCell>{d.stage_id}</TableCell>
                  <TableCell>{d.runs}</TableCell>
                  <TableCell>{formatDuration(d.median_ms)}</TableCell>
                  <TableCell>{formatDuration(d.max_ms)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </>
  );
}

/**
 * /myOrganization/systemStatus (permission VIEW_SYSTEM_STATUS_DATA): version, uptime, database, system metrics,
 * collector utilisation, versions and the pipeline
 * of the organisation (global admins: all), re-asked every 10 s. Without the permission the server's refusal shows.
 */
export default function SystemStatusPage() {
  const styles = useStyles();
  const org = useCurrentUser()?.user.organization_id ?? null;
  const status = useQuery({
    queryKey: ['core', 'systemStatus', org],
    enabled: !!org,
    queryFn: () => apiGet(SYSTEM_STATUS_PATH, { schema: systemStatusSchema }),
    // A refusal will not change by asking again; a lost connection or a restart is worth re-asking.
    refetchInterval: (q) => (q.state.error instanceof ApiError && q.state.error.status === 403 ? false : STATUS_REFRESH_MS),
  });
  const data = status.data;
  return (
    <div className={styles.root}>
      <Title2 as="h1">System status</Title2>
      {status.isError && !data ? <Body1 role="alert">{status.error.message}</Body1> : !data ? <Spinner /> : (
        <>
          <dl className={styles.facts} aria-label="Server">
            <dt className={styles.term}>Version</dt><dd>{data.version}</dd>
            <dt className={styles.term}>Uptime</dt><dd>{formatUptime(data.uptime_seconds)}</dd>
            <dt className={styles.term}>Database</dt><dd>{DIALECTS[data.database] ?? data.database}</dd>
            <dt className={styles.term}>Pipeline of</dt><dd>{data.scope === 'all' ? 'All organizations' : 'This organization'}</dd>
          </dl>
          <Caption1>{`Updated ${formatWhen(data.generated_at)}; refreshed every ${STATUS_REFRESH_MS / 1000} s.`}</Caption1>
          {status.isError ? <Body1 role="alert">{`The last refresh failed: ${status.error.message}`}</Body1> : null}
          <SystemData status={data} />
          <Pipeline status={data} />
          <ProductUsageSection />
        </>
      )}
    </div>
  );
}
