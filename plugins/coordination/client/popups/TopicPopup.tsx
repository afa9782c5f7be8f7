import { useQuery } from '@tanstack/react-query';
import { Text } from '@fluentui/react-components';
import { MESSAGES } from '../../shared/api';
import { topicsQuery } from '../api';
import { Fields } from './parts';

/**
 * Topic (narrative) popup: the spec's narrative popup (Cluster Title, Cluster Keywords and Entities) with the
 * topic's keyphrases and its share of the conversation's posts, from the topics plugin.
 */
export function TopicPopup({ conversationId, topicId }: { conversationId: string; topicId: string }) {
  const q = useQuery(topicsQuery(conversationId));
  if (q.isLoading) return <Text>Loading…</Text>;
  const narrative = q.data?.narratives.find((n) => n.id === topicId);
  const topic = q.data?.topics.find((t) => t.rid === topicId);
  if (!narrative && !topic) return <Text>{MESSAGES.noUserData}</Text>;
  const keyphrases = topic?.ngrams ?? narrative?.ngrams ?? [];
  const keywords = [...(topic?.keywords ?? []), ...(narrative?.entities.map((e) => e.entity_name) ?? [])];
  const share = narrative
    ? `${(narrative.conversation_post_percent * 100).toFixed(1)}% of posts (${narrative.conversation_post_count.toLocaleString()})`
    : 'N/A';
  return (
    <Fields label="Topic" rows={[
      ['Cluster Title', narrative?.title ?? topic?.title ?? 'N/A'],
      ['Keyphrases', keyphrases.length ? keyphrases.join(', ') : 'N/A'],
      ['Cluster Keywords and Entities', keywords.length ? [...new Set(keywords)].join(', ') : 'N/A'],
      ['Share', share],
    ]} />
  );
}
