import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { MEDIA_IMAGE_PATH, type RemoteMediaMode } from '@core/shared/api/media';
import { accountKind } from '@core/client/selection/kinds';
import { renderInWorkbench } from '@core/client/testing/workbench';
import { SessionProvider } from '@core/client/session/SessionContext';
import { settledSession } from '@core/client/session/sessionActor';
import { currentUser, testAccessActors, testSession } from '@core/client/session/testing';
import coordinationClient from '../index';
import { UserPopup } from './UserPopup';

/**
 * Issue 18, finding 9, in the browser: a user popup never loads an avatar from the host its author chose. The
 * avatar's image points at the server's image proxy; with remote media off there is no image, only initials.
 */
const AVATAR = 'https://avatars.author.example/u/42.png?track=analyst';
const envelope = (data: unknown) => new Response(JSON.stringify({ data, metadata: { errors: [], info: null, msg: null, pagination_info: null } }), {
  status: 200, headers: { 'Content-Type': 'application/json' },
});
const actor = {
  platform: 'twitter', id: 42, rid: 'r42', screen_name: 'author', display_name: 'Evil Author', class: 'TwitterUser', post_class: 'Tweet',
  location: null, url: null, avatar_url: AVATAR, bio: null, created_at: null, embedded_profile_url: null, insights: [],
  additional_properties: {}, coordinationClusterId: null,
};

const calls: string[] = [];
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    calls.push(String(url));
    if (String(url).includes('/details')) return envelope(actor);
    if (String(url).includes('/urls')) return envelope({ urls: [], post_dates: [] });
    return envelope(null);
  }));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

/** Every image source in the page: none may name the author's host outside the proxy's query parameter. */
const imageSources = () => [...document.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '');

async function popupWithSession(remote: RemoteMediaMode) {
  const { actor: session } = testSession([currentUser({}, { remote_media: remote })]);
  await settledSession(session);
  renderInWorkbench(
    <SessionProvider actor={session} access={testAccessActors(session)}>
      <UserPopup conversationId="c1" rid="r42" clusterId={null} onClose={() => {}} />
    </SessionProvider>,
    { plugins: [coordinationClient] },
  );
  return screen.findByRole('dialog', { name: 'Evil Author' });
}

describe('user popup avatar (issue 18, finding 9)', () => {
  it("opened from the workbench, the avatar's image is the server's proxy URL, never the remote host", async () => {
    const { selection } = renderInWorkbench(<></>, { plugins: [coordinationClient], conversationId: 'c1' });
    act(() => { selection.openPopup(accountKind, { rid: 'r42', clusterId: null }); });
    const popup = await screen.findByRole('dialog', { name: 'Evil Author' });
    const img = await vi.waitFor(() => {
      const found = popup.querySelector('img');
      if (!found) throw new Error('no avatar image yet');
      return found;
    });
    expect(img.getAttribute('src')).toBe(`${MEDIA_IMAGE_PATH}?url=${encodeURIComponent(AVATAR)}`);
    for (const src of imageSources()) expect(src.startsWith(`${MEDIA_IMAGE_PATH}?url=`) || !src.includes('author.example')).toBe(true);
    expect(imageSources().some((src) => src.startsWith('http'))).toBe(false);
    expect(calls.some((url) => url.includes('author.example'))).toBe(false);
    // Initials stay underneath, shown when the proxy answers an error.
    expect(within(popup).getByText('EA')).toBeTruthy();
  });

  it('follows the server setting: proxy shows the proxied image, off shows initials and no image at all', async () => {
    const proxied = await popupWithSession('proxy');
    await vi.waitFor(() => expect(proxied.querySelector('img')?.getAttribute('src')).toBe(`${MEDIA_IMAGE_PATH}?url=${encodeURIComponent(AVATAR)}`));
    cleanup();

    const off = await popupWithSession('off');
    expect(await within(off).findByText('@author')).toBeTruthy();
    expect(within(off).getByText('EA')).toBeTruthy();
    expect(off.querySelector('img')).toBeNull();
    expect(imageSources()).toEqual([]);
  });
});
