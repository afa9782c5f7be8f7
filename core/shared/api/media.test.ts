import { describe, expect, it } from 'vitest';
import { MEDIA_IMAGE_PATH, mediaSrc } from './media';

describe('mediaSrc: where the browser may load an image from', () => {
  it('sends remote http(s) images through the proxy, never to their host', () => {
    const url = 'https://pbs.example.com/profile_images/1/a b.jpg?x=1&y=2';
    expect(mediaSrc(url, 'proxy')).toBe(`${MEDIA_IMAGE_PATH}?url=${encodeURIComponent(url)}`);
    expect(mediaSrc('HTTP://cdn.example/a.png', 'proxy')).toBe(`${MEDIA_IMAGE_PATH}?url=${encodeURIComponent('HTTP://cdn.example/a.png')}`);
  });

  it('shows no remote image at all when remote media is off', () => {
    expect(mediaSrc('https://pbs.example.com/a.jpg', 'off')).toBeNull();
  });

  it("keeps the server's own paths and inline raster images, whatever the setting", () => {
    expect(mediaSrc('/assets/logo.png', 'off')).toBe('/assets/logo.png');
    expect(mediaSrc('data:image/png;base64,iVBORw0KGgo=', 'off')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('drops everything else: nothing, script and file URLs, protocol-relative hosts, SVG data, very long URLs', () => {
    for (const url of [null, undefined, '', '  ', 'javascript:alert(1)', 'file:///etc/passwd', '//evil.example/a.png', '/\\evil.example/a.png',
      'data:image/svg+xml,<svg onload=alert(1)>', 'ftp://host/a.png', 'https://', `https://cdn.example/${'a'.repeat(3000)}.png`]) {
      expect(mediaSrc(url, 'proxy')).toBeNull();
    }
  });
});
