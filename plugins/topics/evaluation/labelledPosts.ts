import type { TopicInputPost } from '../shared/types';
import { mulberry32 } from '@core/shared/random';

/** Hand-made vocabularies for small labelled sets: each topic writes short posts from its own word pool. */
export const POOLS: Record<string, { language: string; words: string[]; joiner: string }> = {
  vaccine: { language: 'en', joiner: ' ', words: ['vaccine', 'vaccines', 'dose', 'booster', 'pfizer', 'moderna', 'jab', 'clinic', 'immunity', 'mandate', 'side effects', 'trial', 'nurses', 'shots'] },
  election: { language: 'en', joiner: ' ', words: ['ballots', 'election', 'fraud', 'voting', 'machines', 'recount', 'polling', 'candidate', 'senate', 'votes', 'count', 'county', 'precinct', 'audit'] },
  football: { language: 'en', joiner: ' ', words: ['goal', 'striker', 'league', 'match', 'referee', 'penalty', 'midfield', 'coach', 'stadium', 'transfer', 'keeper', 'derby', 'fans', 'season'] },
  inflacion: { language: 'es', joiner: ' ', words: ['inflación', 'precios', 'banco', 'central', 'tasas', 'interés', 'salarios', 'economía', 'peso', 'mercado', 'dólar', 'crisis', 'deuda', 'gobierno'] },
  lluvias: { language: 'es', joiner: ' ', words: ['lluvias', 'inundaciones', 'tormenta', 'río', 'evacuación', 'damnificados', 'clima', 'alerta', 'barrios', 'rescate', 'agua', 'huracán', 'viento', 'refugios'] },
  ai_zh: { language: 'zh', joiner: '', words: ['人工智能', '模型', '芯片', '数据', '算法', '科技', '公司', '训练', '机器人', '创新', '研究', '计算', '软件', '发展'] },
  food_zh: { language: 'zh', joiner: '', words: ['美食', '餐厅', '火锅', '味道', '厨师', '菜单', '辣椒', '早餐', '面条', '饺子', '点心', '小吃', '外卖', '价格'] },
};

const FILLER: Record<string, string[]> = {
  en: ['the', 'is', 'and', 'this', 'what', 'about', 'really', 'today', 'news'],
  es: ['el', 'la', 'de', 'que', 'y', 'en', 'hoy', 'por', 'muy'],
  zh: ['的', '了', '我们', '今天', '很', '在', '这个'],
};

/** `perTopic` posts for each named topic, words drawn with a seeded generator; returns posts and labels. */
export function makeLabelledPosts(topics: string[], perTopic: number, seed = 1): { posts: TopicInputPost[]; labels: string[] } {
  const rand = mulberry32(seed);
  const posts: TopicInputPost[] = [];
  const labels: string[] = [];
  for (let i = 0; i < perTopic; i++) {
    for (const topic of topics) {
      const pool = POOLS[topic]!;
      const fill = FILLER[pool.language]!;
      const parts: string[] = [];
      const len = 5 + Math.floor(rand() * 4);
      for (let j = 0; j < len; j++) {
        parts.push(rand() < 0.7 ? pool.words[Math.floor(rand() * pool.words.length)]! : fill[Math.floor(rand() * fill.length)]!);
      }
      posts.push({
        id: `${topic}-${i}`, text: parts.join(pool.joiner), language: pool.language,
        published_at: new Date(Date.UTC(2025, 0, 1 + (i % 28), i % 24)).toISOString(), platform: 'twitter',
        is_niche: false, engagement_level: 'low', threat: false, coordination_cluster_ids: [],
      });
      labels.push(topic);
    }
  }
  return { posts, labels };
}
