/**
 * Stop-word lists for the languages the product supports (en, es, zh). Tokens are compared after lower-casing and
 * diacritic folding (ñ kept), so the Spanish list is written without accents. The English list includes the
 * social-media fillers (rt, amp, via) that carry no topic.
 */
const EN = `a about above across after again against all almost along already also although always am among an and
another any anyone anything are aren't around as at back be became because become been before being below between
both but by can can't cannot could couldn't did didn't do does doesn't doing don't done down during each either
else enough etc even ever every few for from further get gets getting go goes going gone got had hadn't has hasn't
have haven't having he he'd he'll he's her here here's hers herself him himself his how how's however i i'd i'll
i'm i've if in into is isn't it it's its itself just let's like made make many may maybe me might more most much
must mustn't my myself neither never no nor not now of off often on once one only onto or other others ought our
ours ourselves out over own per perhaps please put quite rather re really said same say says see seem seemed seems
several shall shan't she she'd she'll she's should shouldn't since so some something still such than that that's
the their theirs them themselves then there there's these they they'd they'll they're they've thing things this
those though through thus to too toward towards under until up upon us use used using very via want was wasn't we
we'd we'll we're we've well were weren't what what's whatever when when's where where's whether which while who
who's whom whose why why's will with within without won't would wouldn't yes yet you you'd you'll you're you've
your yours yourself yourselves rt amp via lol im dont cant wont didnt doesnt isnt thats youre ive ill`;

const ES = `a al algo algun alguna algunas alguno algunos ante antes aqui asi aun aunque bajo bien cada casi como con
contra cual cuales cualquier cuando cuanto de del desde donde dos el ella ellas ello ellos en entre era eramos eran
eres es esa esas ese eso esos esta estaba estaban estamos estan estar estas este esto estos estoy fue fueron fui
fuimos ha habia habian haber hace hacen hacer hacia han has hasta hay he la las le les lo los mas me mi mia mias
mientras mio mios mis mismo mucho muchos muy nada ni no nos nosotras nosotros nuestra nuestras nuestro nuestros nunca
o os otra otras otro otros para pero poco por porque pues que quien quienes se sea sean segun ser si sido siempre
sin sino sobre sois solo somos son soy su sus suya suyas suyo suyos tal tambien tampoco tan tanto te tenemos tener
tengo ti tiene tienen toda todas todo todos tu tus tuya tuyo un una unas uno unos usted ustedes va vais vamos van
vosotras vosotros vuestra vuestro y ya yo q xq pq`;

const ZH = `的 了 是 在 和 与 及 或 也 都 就 而 又 把 被 让 给 对 从 到 向 于 以 为 之 其 这 那 这个 那个 这些 那些 这样 那样
我 你 他 她 它 我们 你们 他们 她们 它们 自己 什么 怎么 为什么 哪 哪里 谁 吗 呢 吧 啊 呀 哦 嗯 着 过 地 得 很 太 更 最 还
没 没有 不 不是 就是 还是 但是 但 因为 所以 如果 虽然 而且 然后 可以 可能 已经 一个 一些 一样 有 有的 会 要 能 说 去 来
上 下 中 里 后 前 个 些 每 各 等 等等 啦 嘛 么 么 则 并 且 即 如 该 此 将 已 又 再 才 只 又 就 呗 哈 哈哈`;

function words(list: string): Set<string> {
  return new Set(list.split(/\s+/).filter(Boolean));
}

export const STOPWORDS_EN = words(EN);
export const STOPWORDS_ES = words(ES);
export const STOPWORDS_ZH = words(ZH);
/** Unknown or other languages: every list, since a wrong guess costs less than a stop word in a keyphrase. */
export const STOPWORDS_ANY = new Set([...STOPWORDS_EN, ...STOPWORDS_ES, ...STOPWORDS_ZH]);

const STOPWORDS_ZH_EN = new Set([...STOPWORDS_ZH, ...STOPWORDS_EN]);

export function stopwordsFor(language: string | null | undefined): Set<string> {
  switch ((language ?? '').toLowerCase().slice(0, 2)) {
    case 'en': return STOPWORDS_EN;
    case 'es': return STOPWORDS_ES;
    // Chinese posts often mix in English words.
    case 'zh': return STOPWORDS_ZH_EN;
    default: return STOPWORDS_ANY;
  }
}
