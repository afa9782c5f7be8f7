/**
 * The CSV columns of insight import and export. An export re-imports as it is: the export-only columns (review state,
 * provenance, times) are accepted by the import and ignored, because an imported insight is new and pending.
 */
export const IMPORT_COLUMNS = [
  'analyzable_type', 'analyzable_id', 'platform', 'user_id', 'screen_name', 'link', 'user_class', 'name',
  'country_of_origin', 'operating_country', 'state_association', 'region', 'language', 'subcategory', 'role',
  'confidence', 'permanence',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const EXPORT_ONLY_COLUMNS = ['status', 'source', 'created_at', 'updated_at', 'edited_by', 'reviewed_by', 'reviewed_at'] as const;
export const EXPORT_COLUMNS = [...IMPORT_COLUMNS, ...EXPORT_ONLY_COLUMNS] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** Columns holding lists: the import splits on `;` or `|`, the export joins with `; `. */
export const LIST_COLUMNS = ['language', 'subcategory'] as const satisfies readonly ImportColumn[];
export const LIST_SEPARATOR = /[;|]/;
export const LIST_JOINER = '; ';
