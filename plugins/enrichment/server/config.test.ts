import { describe, expect, it } from 'vitest';
import { lazyExpander, optionsFromEnv } from './config';
import { UrlExpander } from './expandUrls';

describe('optionsFromEnv', () => {
  it('leaves URL expansion off unless NARRASCOPE_EXPAND_URLS=on', () => {
    expect(optionsFromEnv({}).expansion).toBeNull();
    expect(optionsFromEnv({ NARRASCOPE_EXPAND_URLS: 'off' }).expansion).toBeNull();
    expect(optionsFromEnv({ NARRASCOPE_EXPAND_URLS: 'on' }).expansion).toEqual({});
    expect(lazyExpander(null)()).toBeNull();
    const expander = lazyExpander({});
    expect(expander()).toBeInstanceOf(UrlExpander);
    expect(expander()).toBe(expander()); // one cache and rate limiter for every run
  });

  it('reads the number of NLP workers', () => {
    expect(optionsFromEnv({ NARRASCOPE_ENRICHMENT_WORKERS: '3' }).nlp).toEqual({ workers: 3 });
    expect(optionsFromEnv({}).nlp.workers).toBeGreaterThanOrEqual(1);
  });

  it('refuses values it does not understand, naming the variable', () => {
    expect(() => optionsFromEnv({ NARRASCOPE_EXPAND_URLS: 'sometimes' })).toThrow("NARRASCOPE_EXPAND_URLS must be 'on' or 'off' (got 'sometimes')");
    expect(() => optionsFromEnv({ NARRASCOPE_ENRICHMENT_WORKERS: '0' })).toThrow("NARRASCOPE_ENRICHMENT_WORKERS must be an integer from 1 to 64 (got '0')");
    expect(() => optionsFromEnv({ NARRASCOPE_ENRICHMENT_WORKERS: 'two' })).toThrow("NARRASCOPE_ENRICHMENT_WORKERS must be an integer from 1 to 64 (got 'two')");
  });
});
