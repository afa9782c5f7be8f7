import { useNavigate } from '@tanstack/react-router';
import { Body1, Card, CardHeader, Link, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useMediaSrc } from '@core/client/media';
import type { Conversation } from '../../shared/api';
import { MESSAGES } from '../../shared/messages';
import { cardState } from '../../shared/rules';
import { useLifecycle } from '../hooks';

const useStyles = makeStyles({
  card: { width: '320px', minHeight: '180px' },
  // The card description is clamped to 3 lines (spec part 1 section 2).
  description: { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' },
  image: { width: '100%', maxHeight: '140px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium },
  notice: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, color: tokens.colorNeutralForeground2 },
});

/** A Platform Intelligence card: the name, then by status the description, image and View link, or a notice. */
export function ConversationCard({ conversation, fetchedAt }: { conversation: Conversation; fetchedAt?: number }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const life = useLifecycle(conversation, fetchedAt);
  const c = life.conversation;
  const state = cardState(life.status);
  // A remote image only through the server's image proxy (or none when remote media is off).
  const image = useMediaSrc(c.image_url);
  const href = `/conversations/${c.id}`;
  return (
    <Card className={styles.card} data-testid="conversation-card" data-status={life.status}>
      <CardHeader header={<Subtitle2 as="h3">{c.name}</Subtitle2>} />
      {state === 'success' && (
        <>
          {image && <img className={styles.image} src={image} alt="" />}
          {c.description && <Body1 className={styles.description}>{c.description}</Body1>}
          <Link href={href} onClick={(e) => { e.preventDefault(); void navigate({ href }); }}>View</Link>
        </>
      )}
      {state === 'refreshing' && (
        <div className={styles.notice} role="status">
          <Text weight="semibold">{MESSAGES.refreshingTitle}</Text>
          <Text>{MESSAGES.refreshingBody}</Text>
        </div>
      )}
      {state === 'failed' && (
        <div className={styles.notice} role="status">
          <Text weight="semibold">{MESSAGES.failedTitle}</Text>
          <Text>{MESSAGES.failedBody}</Text>
        </div>
      )}
    </Card>
  );
}
