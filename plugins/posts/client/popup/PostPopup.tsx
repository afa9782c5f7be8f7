import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button, Spinner, Text, tokens } from '@fluentui/react-components';
import { useNotify } from '@core/client/app/notifications';
import { arrowKeyMove } from '@core/client/popup/arrowKeyMove';
import { SHARED_MESSAGES } from '@core/shared/messages';
import { LOADING_POST_STATISTICS, POST_STATISTICS_UNAVAILABLE, PLATFORMS, resolvePlatform } from '@core/shared/platforms';
import { usePostDetails } from '../api';
import { ClampedText } from '../ClampedText';
import { PlatformBadge } from '../PlatformBadge';
import { formatPublished } from '../format';
import type { PostDetails } from '../../shared/explorerApi';

/** Text copied by "Copy to clipboard": the post as an analyst would quote it. */
export function postClipboardText(post: Pick<PostDetails, 'body' | 'display_name' | 'screen_name' | 'published_at' | 'source_url' | 'platform_label'>): string {
  const author = [post.display_name, post.screen_name ? `@${post.screen_name}` : null].filter(Boolean).join(' ');
  return [post.body, '', `${author ? `${author} · ` : ''}${post.platform_label} · ${post.published_at}`, post.source_url ?? '']
    .join('\n').trimEnd();
}

/**
 * A post in a floating window: draggable by its header (pointer, or the arrow keys while the header has focus),
 * body clamped to 3 lines, statistics of the platform, published date, copy to clipboard. Escape closes it.
 */
export function PostPopup({ conversationId, postId, onClose }: { conversationId: string; postId: string; onClose: () => void }) {
  const details = usePostDetails(conversationId, postId);
  const notify = useNotify();
  const [position, setPosition] = useState({ x: 120, y: 120 });
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<Element | null>(null);

  useEffect(() => {
    returnFocus.current = document.activeElement;
    closeRef.current?.focus();
    return () => (returnFocus.current as HTMLElement | null)?.focus?.();
  }, []);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    drag.current = { dx: e.clientX - position.x, dy: e.clientY - position.y };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setPosition({ x: Math.max(0, e.clientX - drag.current.dx), y: Math.max(0, e.clientY - drag.current.dy) });
  };
  const onHeaderKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const move = arrowKeyMove(e);
    if (move) setPosition((p) => ({ x: Math.max(0, p.x + move[0]), y: Math.max(0, p.y + move[1]) }));
  };

  const post = details.data ?? null;
  const copy = async () => {
    if (!post) return;
    try {
      await navigator.clipboard.writeText(postClipboardText(post));
      notify('Copied to clipboard', 'success');
    } catch {
      notify('Could not copy to the clipboard', 'error');
    }
  };

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="posts-popup-title"
      data-testid="post-popup"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
      style={{
        position: 'fixed', left: position.x, top: position.y, zIndex: 1000, width: 420, maxHeight: '70vh', overflow: 'auto',
        background: tokens.colorNeutralBackground1, border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: 8,
        boxShadow: tokens.shadow28,
      }}
    >
      <div
        data-testid="post-popup-header"
        tabIndex={0}
        role="group"
        aria-roledescription="drag handle"
        aria-label="Move the post window with the arrow keys"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onKeyDown={onHeaderKey}
        style={{ cursor: 'move', display: 'flex', alignItems: 'center', gap: 8, padding: '8px 12px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, userSelect: 'none' }}
      >
        {post && <PlatformBadge platform={post.class} />}
        <Text id="posts-popup-title" weight="semibold" style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {post ? (post.display_name ?? post.screen_name ?? 'Post') : 'Post'}
        </Text>
        <Button ref={closeRef} size="small" appearance="subtle" onClick={onClose} aria-label="Close post">✕</Button>
      </div>
      <div style={{ padding: 12, display: 'grid', gap: 10 }}>
        {details.isLoading && (
          <>
            <Spinner size="tiny" label="Loading post" />
            <PostStatistics post={null} loading />
          </>
        )}
        {(details.isError || (!details.isLoading && !post)) && <Text>{SHARED_MESSAGES.noPostAvailable}</Text>}
        {post && (
          <>
            <ClampedText text={post.body} lines={3} />
            <PostStatistics post={post} loading={false} />
            <Text size={200}>Published <time dateTime={post.published_at}>{formatPublished(post.published_at)}</time></Text>
            {post.source_url && <Text size={200} style={{ overflowWrap: 'anywhere' }}>{post.source_url}</Text>}
            <div><Button onClick={() => void copy()}>Copy to clipboard</Button></div>
          </>
        )}
      </div>
    </div>
  );
}

/** The platform's statistics (spec "Post statistics by platform class"), or the spec's messages. */
export function PostStatistics({ post, loading }: { post: Pick<PostDetails, 'class' | 'statistics'> | null; loading: boolean }) {
  if (loading) return <Text size={200}>{LOADING_POST_STATISTICS}</Text>;
  const key = post ? resolvePlatform(post.class) : null;
  if (key && PLATFORMS[key].statistics?.length === 0) return null; // message boards and forums show none
  const stats = post?.statistics?.filter((s) => s.value !== null) ?? [];
  if (!post?.statistics || stats.length === 0) return <Text size={200}>{POST_STATISTICS_UNAVAILABLE}</Text>;
  return (
    <dl aria-label="Post statistics" style={{ display: 'flex', gap: 16, margin: 0 }}>
      {stats.map((s) => (
        <div key={s.key}>
          <dt style={{ fontSize: 12, color: tokens.colorNeutralForeground3 }}>{s.label}</dt>
          <dd style={{ margin: 0, fontWeight: 600 }}>{s.value!.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}
