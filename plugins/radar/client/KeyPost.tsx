import { useEffect, useRef, useState } from 'react';
import { Body1, Caption1, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { SHARED_MESSAGES } from '@core/shared/messages';
import type { RepresentativePost } from '../shared/api';
import { usePostStatistics } from './api';
import { compact } from './format';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: tokens.spacingVerticalS },
  // Spec part 2 section 9: a key post's body preview is 4 lines.
  body: { display: '-webkit-box', WebkitLineClamp: '4', WebkitBoxOrient: 'vertical', overflow: 'hidden', whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  stats: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** True once at least half of the element was visible (an IntersectionObserver at threshold 0.5); then stays true. */
export function useHalfVisible<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= 0.5)) setSeen(true);
    }, { threshold: 0.5 });
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen];
}

/** The card's Key Post: the theme's first representative post; its statistics load only once half of it is visible. */
export function KeyPost({ post }: { post: RepresentativePost | undefined }) {
  const styles = useStyles();
  const [ref, visible] = useHalfVisible<HTMLDivElement>();
  const statistics = usePostStatistics(post?.conversation_id ?? '', post?.id ?? 0, visible && post !== undefined);
  if (!post) return <div className={styles.root}><Caption1>Key Post</Caption1><Body1>{SHARED_MESSAGES.noPostAvailable}</Body1></div>;
  return (
    <div className={styles.root} ref={ref} data-testid="radar-key-post">
      <Caption1>Key Post · {post.author ? `@${post.author} · ` : ''}{post.platform} · {post.published_at.slice(0, 10)}</Caption1>
      {post.title ? <Body1><strong>{post.title}</strong></Body1> : null}
      <Body1 className={styles.body}>{post.body}</Body1>
      <div className={styles.stats} data-testid="radar-key-post-stats">
        {!visible ? null : statistics.isPending ? <Spinner size="extra-tiny" label="Loading statistics…" />
          : (statistics.data ?? []).filter((s) => s.value !== null).map((s) => <Caption1 key={s.key}>{s.label}: {compact(s.value!)}</Caption1>)}
      </div>
    </div>
  );
}
