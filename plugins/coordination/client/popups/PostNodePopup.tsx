import { useQuery } from '@tanstack/react-query';
import { Text } from '@fluentui/react-components';
import { LOADING_POST_STATISTICS, POST_STATISTICS_UNAVAILABLE } from '@core/shared/platforms';
import { MESSAGES } from '../../shared/api';
import { postDetailsQuery } from '../api';
import { CopyButton, Fields, PlatformBadge, shownDate, usePopupStyles } from './parts';

/**
 * Post node popup (spec part 2 section 2): body as text, the platform's statistics ("Post statistics by platform
 * class", computed by the posts plugin's posts/details), published date, copy to clipboard.
 */
export function PostNodePopup({ conversationId, postId, label }: { conversationId: string; postId: number | null; label: string }) {
  const styles = usePopupStyles();
  const q = useQuery({ ...postDetailsQuery(conversationId, postId ?? 0), enabled: postId !== null });
  const post = q.data;
  if (postId === null || (!q.isLoading && !post)) return <Text>{MESSAGES.noUserData}</Text>;
  if (!post) return <><Text>{label}</Text><Text size={200}>{LOADING_POST_STATISTICS}</Text></>;
  const author = [post.display_name, post.screen_name ? `@${post.screen_name}` : null].filter(Boolean).join(' ');
  return (
    <>
      <div><PlatformBadge platform={post.class} />{author && <Text size={200}> · {author}</Text>}</div>
      {/* Hostile content: a text node, never HTML. */}
      <Text className={styles.body} data-testid="post-body">{post.body}</Text>
      <Fields label="Post" rows={[['Published', shownDate(post.published_at)]]} />
      {post.statistics === null
        ? <Text size={200}>{POST_STATISTICS_UNAVAILABLE}</Text>
        : post.statistics.length > 0 && (
          <Fields label="Post statistics" rows={post.statistics.map((s) => [s.label, s.value === null ? 'N/A' : s.value.toLocaleString()])} />
        )}
      <CopyButton value={post.body} />
    </>
  );
}
