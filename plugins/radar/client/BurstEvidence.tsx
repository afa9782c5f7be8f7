import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import type { Emerging } from '../shared/api';
import { usePosts } from './api';

const useStyles = makeStyles({
  emerging: { color: tokens.colorPaletteRedForeground1 },
  posts: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  // Spec part 2 section 9: a post body preview clamps (2 lines by default).
  body: { display: '-webkit-box', WebkitLineClamp: '2', WebkitBoxOrient: 'vertical', overflow: 'hidden' },
});

/** "Emerging since ..." with the rates; on a conversation, the burst's first posts too (text only: hostile content). */
export function BurstEvidence({ emerging, conversationId }: { emerging: Emerging; conversationId: string | null }) {
  const styles = useStyles();
  const posts = usePosts(conversationId ?? '', conversationId ? emerging.first_post_ids : []);
  return (
    <div data-testid="radar-emerging">
      <Caption1 className={styles.emerging}>
        Emerging since {emerging.since.slice(0, 13).replace('T', ' ')}h: {emerging.current_per_hour.toFixed(1)} posts an hour against {emerging.baseline_per_hour.toFixed(1)}
      </Caption1>
      {posts.data?.length ? (
        <ol className={styles.posts} aria-label="First posts of the burst">
          {posts.data.map((p) => (
            <li key={p.id}><Caption1 className={styles.body}>{p.published_at.slice(0, 16).replace('T', ' ')} {p.screen_name ? `@${p.screen_name}: ` : ''}{p.body}</Caption1></li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
