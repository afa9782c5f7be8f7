/**
 * Query parameters that identify a click, a campaign or a share sheet rather than the content. Dropping them makes
 * the same article shared from a newsletter, a Facebook post and an iPhone share sheet one URL, which is what the
 * co-link analyses and the "top domains / shared URLs" counts need.
 *
 * Kept deliberately conservative: a parameter that may select content on some site (e.g. `id`, `page`, `v`, `q`)
 * is never listed. Host-scoped entries only apply on that site, because short generic names such as `s` or `t`
 * mean something elsewhere.
 */

/** Any parameter whose lower-cased name starts with one of these. */
export const TRACKING_PREFIXES: readonly string[] = ['utm_', 'pk_', 'mtm_', 'hsa_', 'oly_', 'vero_', '__hs', '_hs'];

/** Exact lower-cased names removed on every host. */
export const TRACKING_NAMES: ReadonlySet<string> = new Set([
  // Ad click ids (Facebook, Google, Microsoft, Yandex, TikTok, Twitter, LinkedIn, Mailchimp ...).
  'fbclid', 'gclid', 'gclsrc', 'dclid', 'gbraid', 'wbraid', 'msclkid', 'yclid', 'ttclid', 'twclid', 'li_fat_id',
  'mc_cid', 'mc_eid', 'mkt_tok', 'igshid', 'igsh', 'srsltid', 'epik', 'rdt_cid', 'sc_cid',
  // Share-sheet and referral markers.
  'si', 'ref_src', 'ref_url', 'ref', 'referrer', 'share_id', 'cmpid', 'ncid', 'ocid', 'cmp',
  // Analytics cross-domain linkers.
  '_ga', '_gl', '_hsenc', '_hsmi', '_openstat', 'spm', 'scm',
]);

/**
 * Host-scoped names: `s`/`t` on X/Twitter are share-sheet markers (`?s=20&t=abc`), `feature=share` on YouTube,
 * `smid`/`smtyp` on the New York Times, `sh` on Instagram. The key is the host without `www.`; subdomains match.
 */
export const TRACKING_NAMES_BY_HOST: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['twitter.com', new Set(['s', 't'])],
  ['x.com', new Set(['s', 't'])],
  ['youtube.com', new Set(['feature', 'pp', 'ab_channel'])],
  ['youtu.be', new Set(['feature', 't_share'])],
  ['nytimes.com', new Set(['smid', 'smtyp', 'partner', 'unlocked_article_code'])],
  ['instagram.com', new Set(['sh', 'img_index'])],
  ['tiktok.com', new Set(['_r', '_t', 'is_from_webapp', 'sender_device', 'sender_web_id'])],
  ['reddit.com', new Set(['share_id', 'utm_name', 'context'])],
  ['amazon.com', new Set(['tag', 'linkcode', 'linkid', 'psc', 'pd_rd_r', 'pd_rd_w', 'pd_rd_wg', 'pf_rd_p', 'pf_rd_r'])],
]);

export function isTrackingParameter(name: string, host: string): boolean {
  const lower = name.toLowerCase();
  if (TRACKING_NAMES.has(lower)) return true;
  for (const prefix of TRACKING_PREFIXES) if (lower.startsWith(prefix)) return true;
  for (let h = host; h.length > 0;) {
    const scoped = TRACKING_NAMES_BY_HOST.get(h);
    if (scoped?.has(lower)) return true;
    const dot = h.indexOf('.');
    if (dot < 0) break;
    h = h.slice(dot + 1);
  }
  return false;
}
