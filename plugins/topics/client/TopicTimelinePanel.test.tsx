import { CATEGORICAL_COLOURS } from '@core/shared/palette';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { emptyFilters } from '@core/shared/filters';
import TopicTimelinePanel from './TopicTimelinePanel';
import { timelineTraces, topicTimeline } from './timeline';
import { renderWithHost, stubTopicsApi, topicsAnswer } from './testing/harness';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('topicTimeline', () => {
  it('counts posts per UTC day for the largest topics over the same days', () => {
    const series = topicTimeline(topicsAnswer().topics, 2);
    expect(series.map((s) => [s.rid, s.days, s.counts])).toEqual([
      ['t_a', ['2025-01-01', '2025-01-02', '2025-01-03'], [2, 0, 1]],
      ['t_b', ['2025-01-01', '2025-01-02', '2025-01-03'], [0, 1, 0]],
    ]);
    expect(topicTimeline([], 5)).toEqual([]);
  });

  it('names an untitled topic by its ngrams, or by its rid when it has none', () => {
    const [base] = topicsAnswer().topics;
    const series = topicTimeline([{ ...base!, rid: 't_x', title: null, ngrams: ['ballot', 'box'] }, { ...base!, rid: 't_y', title: null, ngrams: [] }], 2);
    expect(series.map((s) => s.name)).toEqual(['ballot · box', 't_y']);
  });

  it('escapes topic titles for Plotly, which would draw their tags (links, bold) as HTML', () => {
    const traces = timelineTraces(topicTimeline(topicsAnswer().topics, 5));
    expect(traces.map((t) => t.name)).toEqual(['Vaccine · booster', 'Ballots · fraud &lt;b&gt;x&lt;/b&gt;', 'Football · derby']);
    const hostile = timelineTraces([{ rid: 't', name: '<a href="https://evil.example">AT&T</a>', days: ['2025-01-01'], counts: [1] }]);
    // The legend name is cut to 32 characters (the hover has the whole title), both escaped; the line in the palette's first colour.
    expect(hostile[0]).toEqual({
      type: 'scatter', mode: 'lines', name: '&lt;a href="https://evil.example"&gt;…', x: ['2025-01-01'], y: [1],
      line: { color: CATEGORICAL_COLOURS[0], width: 2 },
      hovertemplate: '&lt;a href="https://evil.example"&gt;AT&amp;T&lt;/a&gt;: %{y} posts<extra>%{x}</extra>',
    });
  });
});

describe('topics.timeline panel', () => {
  it('shows volume per topic over time, also as a table under "Chart data", with the filters in the call', async () => {
    const urls = stubTopicsApi();
    await renderWithHost(<TopicTimelinePanel paneId="p" conversationId="c1" filters={{ ...emptyFilters(), narratives: { t_a: true } }} config={{ topics: 8 }} setConfig={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Chart data' }));
    const table = await screen.findByRole('table', { name: 'Posts per topic' });
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
      'Vaccine · booster32025-01-01', 'Ballots · fraud <b>x</b>12025-01-02', 'Football · derby12025-01-02']);
    expect(decodeURIComponent(urls[0]!)).toBe('/api/v2/conversations/c1/topics?narratives=t_a:true');
  });

  it('says No Relevant Data when nothing matches', async () => {
    stubTopicsApi({ ...topicsAnswer(), topics: [], narratives: [], total_posts: 0 });
    await renderWithHost(<TopicTimelinePanel paneId="p" conversationId="c1" filters={emptyFilters()} config={{ topics: 8 }} setConfig={() => {}} />);
    expect(await screen.findByText('No Relevant Data')).toBeTruthy();
  });
});
