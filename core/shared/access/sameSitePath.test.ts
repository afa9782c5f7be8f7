import { describe, expect, it } from 'vitest';
import { sameSitePath } from './sameSitePath';

describe('sameSitePath', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(sameSitePath('/projects/Elections/c1/explorer?platform=gab#top')).toBe('/projects/Elections/c1/explorer?platform=gab#top');
  });

  it('sends anything that could leave the site to /', () => {
    for (const next of [undefined, null, '', 'https://evil.test/', 'evil.test', '//evil.test', '/\\evil.test', '/\t/evil.test',
      '/\n/evil.test', '/\r/evil.test', '/x\\..\\..\\/evil.test', '/\u0000/evil.test', '/\u007f/evil.test']) {
      expect(sameSitePath(next), JSON.stringify(next)).toBe('/');
    }
  });
});
