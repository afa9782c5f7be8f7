import { describe, expect, it } from 'vitest';
import { defaultPreference } from '@core/shared/access/api';
import { nextSort, postContentShown, visibleColumns } from './columns';

describe('raw data columns from the raw_data_table_ordering preference', () => {
  it('shows every column in catalogue order by default', () => {
    expect(visibleColumns(defaultPreference('u').raw_data_table_ordering)).toEqual([
      'type', 'publishedAt', 'creator', 'engagementScore', 'firstNgram', 'threatsOfViolence', 'sourceUrl', 'entities',
    ]);
    expect(visibleColumns(null)).toHaveLength(8);
  });

  it('hides columns not shown and follows the stored order', () => {
    const ordering = defaultPreference('u').raw_data_table_ordering;
    ordering.column_fields.entities = { is_shown: false, order: 7 };
    ordering.column_fields.sourceUrl = { is_shown: true, order: 0 };
    ordering.column_fields.type = { is_shown: true, order: 1 };
    ordering.column_fields.creator = { is_shown: false, order: 2 };
    expect(visibleColumns(ordering)).toEqual(['sourceUrl', 'type', 'publishedAt', 'engagementScore', 'firstNgram', 'threatsOfViolence']);
  });

  it('reads the post content switches', () => {
    const ordering = defaultPreference('u').raw_data_table_ordering;
    ordering.post_content_fields.images = false;
    expect(postContentShown(ordering)).toEqual({ body: true, additionalProperties: true, images: false, urls: true });
  });

  it('cycles a column sort none → asc → desc → none', () => {
    expect(nextSort(null, 'published_at')).toEqual({ column: 'published_at', direction: 'asc' });
    expect(nextSort({ column: 'published_at', direction: 'asc' }, 'published_at')).toEqual({ column: 'published_at', direction: 'desc' });
    expect(nextSort({ column: 'published_at', direction: 'desc' }, 'published_at')).toBeNull();
    expect(nextSort({ column: 'published_at', direction: 'desc' }, 'platform')).toEqual({ column: 'platform', direction: 'asc' });
  });
});
