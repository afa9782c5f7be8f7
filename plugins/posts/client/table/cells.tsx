import type { ReactNode } from 'react';
import { tokens } from '@fluentui/react-components';
import { displayUrl } from '@core/shared/text/displayUrl';
import type { RawDataRow } from '../../shared/explorerApi';
import { ClampedText, LINK_BUTTON } from '../ClampedText';
import { PlatformBadge } from '../PlatformBadge';
import { facetText, formatPublished } from '../format';
import { valueLabel } from '../filters/dimensions';
import { dimensionOfColumn, isDimensionColumn, type PostContentField, type TableColumn } from './columns';

/** Only web links become anchors; anything else in hostile data stays text. */
export function SafeLink({ url }: { url: string }) {
  const web = /^https?:\/\//i.test(url);
  const text = displayUrl(url);
  if (!web) return <span>{text}</span>;
  return <a href={url} target="_blank" rel="noopener noreferrer nofollow" title={url} style={{ overflowWrap: 'anywhere' }}>{text}</a>;
}

/** Entities arrive as strings or {entity_name} objects depending on the enrichment; show their names. */
export function entityNames(entities: unknown): string[] {
  if (!Array.isArray(entities)) return [];
  return entities
    .map((e) => (typeof e === 'string' ? e : e && typeof e === 'object' ? ((e as Record<string, unknown>).entity_name ?? (e as Record<string, unknown>).name ?? (e as Record<string, unknown>).text) : null))
    .filter((n): n is string => typeof n === 'string' && n.length > 0);
}

const COUNT_KEYS = ['likes', 'replies', 'reposts', 'quotes', 'comments', 'shares', 'views', 'upvotes', 'downvotes', 'score'];

export function PostCell({ row, content, onOpen, onResize }: { row: RawDataRow; content: Record<PostContentField, boolean>; onOpen: () => void; onResize: () => void }) {
  const counts = COUNT_KEYS.filter((k) => typeof row.additional_properties[k] === 'number');
  return (
    <div style={{ display: 'grid', gap: 4, minWidth: 0 }}>
      {row.title && row.title !== row.body && <strong>{row.title}</strong>}
      {content.body && <ClampedText text={row.body} onToggle={onResize} measure={false} />}
      {content.urls && row.urls.length > 0 && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, fontSize: 12 }}>
          {row.urls.slice(0, 3).map((u, i) => <SafeLink key={`${i}:${u}`} url={u} />)}
          {row.urls.length > 3 && <span>+{row.urls.length - 3} more</span>}
        </div>
      )}
      {content.images && row.images.length > 0 && <span style={{ fontSize: 12 }}>{row.images.length === 1 ? '1 image' : `${row.images.length} images`}</span>}
      {content.additionalProperties && counts.length > 0 && (
        <span style={{ fontSize: 12, color: tokens.colorNeutralForeground3 }}>
          {counts.map((k) => `${k} ${String(row.additional_properties[k])}`).join(' · ')}
        </span>
      )}
      <div>
        <button type="button" style={{ ...LINK_BUTTON, fontWeight: 600 }} onClick={onOpen} aria-label={`Open post ${row.id}`}>Open post</button>
      </div>
    </div>
  );
}

/** A dimension column's cell: the row field's value(s) under the dimension's value labels, as text. */
export function dimensionCellText(column: `dimension:${string}`, row: RawDataRow): string {
  const dimension = dimensionOfColumn(column);
  if (!dimension?.rowField) return 'N/A';
  const value = row[dimension.rowField];
  const values = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined && v !== '');
  if (values.length === 0) return 'N/A';
  return values.map((v) => (typeof v === 'string' || typeof v === 'boolean' ? valueLabel(dimension.name, String(v)) : facetText(v))).join(', ');
}

export function renderColumnCell(field: TableColumn, row: RawDataRow): ReactNode {
  if (isDimensionColumn(field)) return dimensionCellText(field, row);
  switch (field) {
    case 'type': return <PlatformBadge platform={row.class} />;
    case 'publishedAt': return <time dateTime={row.published_at}>{formatPublished(row.published_at)}</time>;
    case 'creator': return (
      <span style={{ overflowWrap: 'anywhere' }}>
        {row.display_name ?? row.creator ?? 'N/A'}
        {row.screen_name ? <><br /><span style={{ fontSize: 12 }}>@{row.screen_name}</span></> : null}
      </span>
    );
    case 'engagementScore': return facetText(row.engagement_score);
    case 'firstNgram': return facetText(row.first_ngram);
    case 'threatsOfViolence': return facetText(row.threats_of_violence);
    case 'sourceUrl': return row.source_url ? <SafeLink url={row.source_url} /> : 'N/A';
    case 'entities': {
      const names = entityNames(row.entities);
      return names.length ? names.slice(0, 6).join(', ') : 'N/A';
    }
  }
}
