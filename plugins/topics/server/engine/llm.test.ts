import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicRunResultSchema } from '../../shared/types';
import { runTopicEngine } from './engine';
import { makeLabelledPosts } from '../../evaluation/labelledPosts';
import { applyLlmTitles, llmConfigFromEnv, parseTitleAnswer, requestTitle, type LlmConfig } from './llm';

/** A real OpenAI-compatible stub on loopback; `mode` decides how it answers. */
let mode: 'ok' | 'slow' | 'error' | 'garbage' | 'fenced' = 'ok';
const seen: Array<{ url: string; auth: string | undefined; body: any }> = [];
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => { raw += c; });
    req.on('end', () => {
      const body = JSON.parse(raw);
      seen.push({ url: req.url!, auth: req.headers.authorization, body });
      const reply = (content: string) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
      };
      const prompt: string = body.messages[0].content;
      const key = /Keyphrases: ([^;\n]+)/.exec(prompt)?.[1] ?? 'none';
      if (mode === 'ok') reply(JSON.stringify({ title: `About ${key}`, description: `Posts discussing ${key}.` }));
      else if (mode === 'fenced') reply('Sure!\n```json\n{"title": "Fenced <b>title</b>", "description": "Fine."}\n```');
      else if (mode === 'garbage') reply('I cannot help with that.');
      else if (mode === 'error') { res.writeHead(500); res.end('boom'); } else setTimeout(() => reply('{"title":"late","description":"late"}'), 10_000);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const config = (): LlmConfig => ({ url: base, model: 'stub-model', key: 'secret-key', timeoutMs: 500 });

describe('LLM titles', () => {
  const { posts } = makeLabelledPosts(['vaccine', 'election', 'football'], 20, 2);
  const result = runTopicEngine(posts);

  it('reads its configuration from TOPICS_LLM_* and is off without URL or model', () => {
    expect(llmConfigFromEnv({})).toBeNull();
    expect(llmConfigFromEnv({ TOPICS_LLM_URL: 'http://x/v1' })).toBeNull();
    expect(llmConfigFromEnv({ TOPICS_LLM_URL: 'http://x/v1', TOPICS_LLM_MODEL: 'm', TOPICS_LLM_KEY: 'k' }))
      .toEqual({ url: 'http://x/v1', model: 'm', key: 'k', timeoutMs: 15000 });
  });

  it('writes titles and descriptions from the endpoint, sending model, key, keyphrases and exemplars', async () => {
    mode = 'ok';
    seen.length = 0;
    const out = await applyLlmTitles(result, posts, config());
    expect(out.stats.titles).toBe('llm');
    expect(seen).toHaveLength(result.topics.length);
    expect(seen[0]).toMatchObject({ url: '/v1/chat/completions', auth: 'Bearer secret-key' });
    expect(seen[0]!.body.model).toBe('stub-model');
    const first = out.narratives[0]!;
    expect(first.title).toBe(`About ${result.topics[0]!.ngrams[0]}`);
    expect(first.description).toBe(`Posts discussing ${result.topics[0]!.ngrams[0]}.`);
    expect(out.topics[0]!.title).toBe(first.title);
    expect(seen[0]!.body.messages[0].content).toContain(posts.find((p) => p.id === result.topics[0]!.exemplar_post_id)!.text);
    expect(topicRunResultSchema.parse(out)).toBeTruthy();
    // The input result is not changed.
    expect(result.stats.titles).toBe('extractive');
  });

  it.each(['slow', 'error', 'garbage'] as const)('falls back to extractive titles when the endpoint is %s', async (m) => {
    mode = m;
    const started = Date.now();
    const out = await applyLlmTitles(result, posts, config());
    expect(out.stats.titles).toBe('extractive');
    expect(out.narratives.map((n) => n.title)).toEqual(result.narratives.map((n) => n.title));
    // The slow endpoint answers after 10 s; the 500 ms timeout gave up long before (with room for a loaded machine).
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it('falls back when nothing listens on the port', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const out = await applyLlmTitles(result, posts, { ...config(), url: `http://127.0.0.1:${port}/v1` });
    expect(out.stats.titles).toBe('extractive');
  });

  it('accepts an answer inside a code fence and strips markup characters', async () => {
    mode = 'fenced';
    expect(await requestTitle(config(), ['a'], ['b'])).toEqual({ title: 'Fenced b title /b', description: 'Fine.' });
    expect(parseTitleAnswer('{"title": "", "description": "x"}')).toBeNull();
    expect(parseTitleAnswer('{"title": 3}')).toBeNull();
  });

  it('sends nothing without configuration', async () => {
    seen.length = 0;
    expect(await applyLlmTitles(result, posts, null)).toBe(result);
    expect(seen).toHaveLength(0);
  });
});
