import type { Insight } from '../../../shared/api';
import type { ValidInsight } from '../../../shared/validation';

/** Stored insights for the exchange tests, as the store would hold them (trimmed, FQDN lower case, no `@`). */
const reviewer = { id: '6f1c1d38-5a55-4a45-9a1c-0d6c1b0e2a11', first_name: 'Ada', last_name: 'Senior' };
const editor = { id: '0b6f0f5e-2a7e-4b7c-8d8e-3c2f4b1a9d22', first_name: 'Bo', last_name: 'Analyst' };

export function storedInsight(overrides: Partial<Omit<Insight, 'additional_properties'>> & { additional_properties?: Partial<Insight['additional_properties']> } = {}): Insight {
  const { additional_properties, ...rest } = overrides;
  return {
    id: '3b8f2f44-8f0e-4c55-9d57-1b5a6f2e7c01',
    analyzable_id: '1234567890', analyzable_type: 'account', source: 'manual', status: 'approved',
    confidence: 'high', permanence: 'permanent', link: 'https://x.com/rt_com', platform: 'twitter',
    user_id: '1234567890', screen_name: 'rt_com', user_class: 'TwitterUser',
    created_at: '2026-03-01T10:00:00.000Z', updated_at: '2026-03-02T11:30:15.250Z', changes: [],
    ...rest,
    additional_properties: {
      name: 'RT', country_of_origin: 'Russia', operating_country: 'Russia', state_association: 'Russia', region: 'Europe',
      language: ['en', 'ru'], subcategory: ['Russian State Media'], status: 'approved', role: 'Media Outlet',
      edited_at: '2026-03-02T11:30:15.250Z', edited_by: editor, reviewed_at: '2026-03-02T12:00:00.000Z', reviewed_by: reviewer,
      ...additional_properties,
    },
  };
}

/** A variety: state media account, a domain, a bare handle, and text a spreadsheet would run or mangle. */
export function sampleInsights(): Insight[] {
  return [
    storedInsight(),
    storedInsight({
      id: '5d2c8a90-1f3e-4b6a-8c7d-2e9f0a1b3c02', analyzable_type: 'domain', analyzable_id: 'example-news.co.uk',
      platform: null, user_id: null, screen_name: null, user_class: null, link: 'https://example-news.co.uk/about',
      confidence: 'medium', permanence: null,
      additional_properties: {
        name: 'Example "News", Ltd.', state_association: null, country_of_origin: 'United Kingdom', role: null,
        subcategory: ['Conspiracy Outlet', 'Hyperpartisan Outlet'], language: ['en'],
      },
    }),
    storedInsight({
      id: '7e4a1b2c-3d5e-4f60-8a7b-9c0d1e2f3a03', analyzable_id: null, user_id: null, link: null, screen_name: '-dash_handle',
      platform: 'telegram', user_class: null, confidence: null, permanence: 'temporary',
      additional_properties: {
        name: '=HYPERLINK("http://evil","x")', state_association: null, country_of_origin: null, operating_country: null,
        region: null, language: [], subcategory: [], role: null, edited_by: null, reviewed_by: null, reviewed_at: null,
      },
    }),
    storedInsight({
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c04', analyzable_id: 'u-42', user_id: '@home', screen_name: 'line\nbreak',
      platform: 'reddit', link: null,
      additional_properties: {
        name: "'=already quoted", state_association: null, country_of_origin: '+Country', role: 'Journalist',
        subcategory: ['Persistent Threat Actor', 'Other'], language: ['uk'],
      },
    }),
  ];
}

/** What the import makes of a stored insight: the fields `checkNewInsight` returns. */
export function asValid(insight: Insight): ValidInsight {
  const p = insight.additional_properties;
  return {
    analyzable_type: insight.analyzable_type, analyzable_id: insight.analyzable_id, platform: insight.platform,
    user_id: insight.user_id, screen_name: insight.screen_name, link: insight.link, user_class: insight.user_class,
    confidence: insight.confidence, permanence: insight.permanence,
    properties: {
      name: p.name, country_of_origin: p.country_of_origin, operating_country: p.operating_country,
      state_association: p.state_association, region: p.region, language: p.language, subcategory: p.subcategory, role: p.role,
    },
  };
}
