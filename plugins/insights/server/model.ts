import crypto from 'node:crypto';
import {
  EDITABLE_PROPERTIES, insightSchema, type EditableProperty, type Insight, type InsightChange, type InsightProperties, type StrippedUser,
} from '../shared/api';
import type { CleanProperties, ValidInsight } from '../shared/validation';
import type { InsightSource, InsightStatus } from '../shared/vocabulary';
import type { InsightRow } from './tables';

/** What `additional_properties` holds in the table: the entity's properties but `status`, which is a column. */
export type StoredProperties = Omit<InsightProperties, 'status'>;

export const strippedUser = (u: { id: string; first_name: string; last_name: string }): StrippedUser =>
  ({ id: u.id, first_name: u.first_name, last_name: u.last_name });

export function propertiesOf(row: Pick<InsightRow, 'additional_properties'>): StoredProperties {
  return JSON.parse(row.additional_properties) as StoredProperties;
}

export function changesOf(row: Pick<InsightRow, 'changes'>): InsightChange[] {
  return JSON.parse(row.changes) as InsightChange[];
}

/** The editable part of the stored properties. */
export function editableOf(p: StoredProperties): CleanProperties {
  return Object.fromEntries(EDITABLE_PROPERTIES.map((k) => [k, p[k]])) as CleanProperties;
}

/** The entity as the API answers it. */
export function toInsight(row: InsightRow): Insight {
  return insightSchema.parse({
    id: row.id, analyzable_id: row.analyzable_id, analyzable_type: row.analyzable_type,
    additional_properties: { ...propertiesOf(row), status: row.status }, changes: changesOf(row),
    source: row.source, status: row.status, confidence: row.confidence, permanence: row.permanence, link: row.link,
    platform: row.platform, user_id: row.user_id, screen_name: row.screen_name, user_class: row.user_class,
    created_at: row.created_at, updated_at: row.updated_at,
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ between two versions, as a change records them (`{field: {from, to}}`). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): InsightChange['fields'] {
  const fields: InsightChange['fields'] = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!same(before[key] ?? null, after[key] ?? null)) fields[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return fields;
}

/** The fields of an insight a change compares: identity, confidence, permanence and the editable properties. */
export function comparable(row: Pick<InsightRow, 'analyzable_id' | 'platform' | 'user_id' | 'screen_name' | 'link' | 'user_class' | 'confidence' | 'permanence'>,
  properties: CleanProperties): Record<string, unknown> {
  return {
    analyzable_id: row.analyzable_id, platform: row.platform, user_id: row.user_id, screen_name: row.screen_name, link: row.link,
    user_class: row.user_class, confidence: row.confidence, permanence: row.permanence,
    ...Object.fromEntries((EDITABLE_PROPERTIES as readonly EditableProperty[]).map((k) => [k, properties[k]])),
  };
}

/**
 * A new insight's row: pending, its first change the `action` (`submit` from the form, `import` from a file) by
 * `by` at `at`, listing every field given. The import sets `source: 'import'`.
 */
export function newInsightRow(organizationId: string, valid: ValidInsight, opts: {
  by: StrippedUser | null; at?: string; source?: InsightSource; action?: 'submit' | 'import'; status?: InsightStatus;
}): InsightRow {
  const at = opts.at ?? new Date().toISOString();
  const status = opts.status ?? 'pending';
  const identity = {
    analyzable_id: valid.analyzable_id, platform: valid.platform, user_id: valid.user_id, screen_name: valid.screen_name,
    link: valid.link, user_class: valid.user_class, confidence: valid.confidence ?? null, permanence: valid.permanence ?? null,
  };
  const properties: StoredProperties = { ...valid.properties, edited_at: at, edited_by: opts.by, reviewed_at: null, reviewed_by: null };
  const change: InsightChange = {
    at, by: opts.by, action: opts.action ?? 'submit', from_status: null, to_status: status,
    fields: changedFields({}, Object.fromEntries(Object.entries(comparable(identity, valid.properties)).filter(([, v]) => v !== null && !same(v, [])))),
  };
  return {
    id: crypto.randomUUID(), organization_id: organizationId, analyzable_type: valid.analyzable_type, ...identity,
    source: opts.source ?? 'manual', status, additional_properties: JSON.stringify(properties), changes: JSON.stringify([change]),
    created_at: at, updated_at: at, edited_at: at, version: 1,
  };
}
