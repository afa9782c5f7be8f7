import type { ThemeName } from '../../shared/themes';

/**
 * What each theme is recognised by, in English, Spanish and Chinese. A cue is `words: weight`.
 * - Latin-script cues are words of the folded text (lower case, accents removed, `#` dropped, so `#StopTheSteal` is
 *   the word `stopthesteal`); a word ending in `*` matches any word starting with it; several words match in a row.
 * - Chinese cues (`zh`) are substrings of the text (Chinese is not written with spaces).
 * - Weights: 4 names the theme on its own (tariff, boycott), 3 almost does (inflation, measles), 2 and 1 are
 *   context that only counts together. Negative weights take back a cue's usual meaning (the European Union).
 * A post belongs to the theme with the highest score when it reaches MIN_SCORE (classify.ts).
 * Tuned on the demo corpus; docs/adr/0010-topic-radar.md gives its figures and the held-out ones.
 */
export interface ThemeLexicon { words: Readonly<Record<string, number>>; zh: Readonly<Record<string, number>> }

export const LEXICON: Readonly<Record<ThemeName, ThemeLexicon>> = {
  DEI: {
    words: {
      dei: 4, 'diversity*': 3, inclusion: 3, inclusive: 3, 'affirmative action': 4, 'chief diversity': 4, underrepresented: 3,
      woke: 2, 'equal opportunity': 3, colorblind: 2, 'quota*': 2, 'equity pledge': 3, 'equity target*': 3, equity: 1, 'minorit*': 1,
      enddei: 4, meritnotquotas: 4, 'merit over': 2, fellowship: 1, workforce: 1, hiring: 1,
      diversidad: 3, diversidadeinclusion: 4, equidad: 2, cuotas: 2, minorias: 1, 'accion afirmativa': 4,
    },
    zh: { 多元: 4, 包容: 3, 平等: 1, 少数族裔: 2 },
  },
  BOYCOTT: {
    words: {
      'boycott*': 4, boicot: 4, 'boicote*': 4, 'boicotea*': 4, dontbuy: 4, 'do not buy': 3, 'don t buy': 3, 'stop shopping': 3,
      'refusing to buy': 4, 'refuse to buy': 4, 'stopped buying': 3, 'never spending': 3, 'never buying': 3, 'cancelled my membership': 3,
      'canceled my membership': 3, 'loyalty card': 2, backlash: 2, 'pulled their ads': 2, 'lost sale*': 2, 'switched from': 2,
      'local shop': 2, 'taking their money elsewhere': 3, 'no compres': 3, 'dejaron de comprar': 3, 'dejar de comprar': 3,
      'cancele mi membresia': 3, 'pidan disculpas': 1,
    },
    zh: { 抵制: 4, 拒绝购买: 4, 不要买: 3, 取消了会员: 2, 道歉: 1 },
  },
  UNION: {
    words: {
      'union*': 3, 'european union': -3, 'soviet union': -3, 'credit union': -3, 'union station': -3, unionstrong: 4,
      'strike vote': 4, 'on strike': 4, 'general strike': 4, strikers: 4, 'strike': 1, 'picket*': 4, walkout: 3, 'walk out': 2,
      'collective bargaining': 4, 'bargain*': 2, 'labor board': 4, teamsters: 4, 'living wage': 3, staffing: 2, solidarity: 2,
      'fair wages': 2, wages: 1, contract: 1, reinstate: 1, '1u': 2, organizers: 1, organizing: 1,
      'sindica*': 4, 'huelga*': 4, paro: 2, 'convenio colectivo': 4, solidaridad: 2, 'sin contrato': 2, salarios: 1,
    },
    zh: { 工会: 4, 罢工: 4, 集体谈判: 4, 劳工: 3, 加薪: 1, 工人: 1 },
  },
  ELECTION_DENIAL: {
    words: {
      'election*': 2, 'stolen election': 4, stopthesteal: 4, electionfraud: 4, auditthevote: 4, 'ballot*': 3, recount: 3,
      'voting machine*': 3, 'certif*': 2, fraud: 2, rigged: 2, 'vote*': 2, 'voter*': 2, 'poll worker*': 3, canvass: 2,
      'secretary of state': 2, 'county clerk*': 2, whistleblower: 1, audit: 1, 'machine*': 1, counts: 1, 'count': 1,
      'elecci*': 2, 'fraude electoral': 4, fraudeelectoral: 4, fraude: 2, votos: 2, 'votacion': 2, recuento: 3, conteo: 1,
      urnas: 3, 'electoral*': 2, 'maquinas de votacion': 3, auditoria: 1, 'claiming fraud': 2, 'claims of fraud': 2,
    },
    zh: { 选举: 3, 选票: 3, 计票: 3, 舞弊: 2, 投票: 2, 败选: 3, 操纵: 1, 审计: 1 },
  },
  FINANCE: {
    words: {
      'interest rate*': 3, 'mortgage*': 3, 'central bank': 3, fed: 2, inflation: 3, recession: 3, 'bond yield*': 3, yields: 2,
      treasury: 2, 'credit card': 2, debt: 1, 'loan*': 2, lending: 2, 'deposit*': 2, 'savings account': 3, savings: 1,
      'stock market': 3, markets: 2, rallied: 1, 'housing market': 3, gold: 2, 'quarterly profit': 2, 'interest income': 3, earnings: 1, '401k': 3,
      'rate cut*': 3, rates: 2, 'refinanc*': 3, dollar: 1, 'bank*': 2, 'food bank': -2, investors: 1, financial: 2,
      tasas: 2, 'hipotec*': 3, 'banco central': 3, inflacion: 3, bolsa: 2, 'prestamo*': 2, 'banco*': 2, 'credito*': 2,
      'tasa de interes': 3, dolar: 1, economia: 1,
    },
    zh: { 利率: 3, 房贷: 3, 央行: 3, 通胀: 3, 股市: 2, 银行: 2, 汇率: 3, 存款: 2, 储户: 2, 贷款: 2, 经济: 1 },
  },
  SHORTSELLING: {
    words: {
      'short sell*': 4, 'short seller*': 4, shorting: 4, shorted: 3, shorts: 3, 'short interest': 4, 'short squeeze': 4,
      'squeez*': 3, 'short position*': 4, 'short report': 4, 'short attack*': 4, 'naked short*': 4, shortsqueeze: 4,
      shortselling: 4, 'diamond hands': 3, 'hold the line': 1, holdtheline: 1, 'borrow fee': 3, 'borrowed shares': 3, cover: 1,
      float: 1, puts: 2, bears: 1, 'hedge fund*': 2, 'meme stock*': 2, apes: 1, short: 1,
      'venta en corto': 4, 'ventas en corto': 4, 'vendiendo en corto': 4, 'vendedores en corto': 4, 'en corto': 3, cortos: 2,
      'a la baja': 2, bajista: 3, ventaencorto: 4, apreton: 2,
    },
    zh: { 做空: 4, 卖空: 4, 空头: 3, 逼空: 4, 散户: 1, 对冲基金: 2, 股价: 1 },
  },
  QANON: {
    words: {
      qanon: 4, 'q drop*': 4, 'q said': 4, 'q dijo': 4, q: 2, 'q anon*': 4, 'q follower*': 4, 'trust the plan': 4, trusttheplan: 4,
      'great awakening': 4, greatawakening: 4, wwg1wga: 4, 'where we go one': 4, 'the storm is coming': 4, 'the storm is upon': 4,
      thestorm: 3, cabal: 3, 'deep state': 3, 'white hats': 3, drops: 2, 'the plan': 2, adrenochrome: 4, pizzagate: 4,
      'military tribunal*': 3, 'patriots are in control': 3, 'do your own research': 2, 'visited the island': 2,
      'confia en el plan': 4, 'gran despertar': 4, 'se acerca la tormenta': 4, cabala: 3,
    },
    zh: { 风暴即将来临: 4, 大觉醒: 4, 相信计划: 4, 匿名者Q: 4, Q说: 4, 秘密集团: 2, 阴谋论: 1 },
  },
  MAHA_AND_VACCINE: {
    words: {
      maha: 4, 'make america healthy': 4, 'vaccin*': 4, 'vax*': 3, 'anti vax*': 4, measles: 4, booster: 2, 'immuniz*': 3, mmr: 3,
      jab: 2, shots: 1, 'whooping cough': 3, 'seed oils': 3, dyes: 2, 'food dyes': 3, fluoride: 3, 'raw milk': 3,
      'ultra processed': 3, 'chronic disease': 2, pharma: 2, autism: 2, fda: 2, 'health officials': 2, 'pediatric*': 2, mrna: 3,
      myocarditis: 3, 'side effects': 2, 'adverse reaction*': 2, vaccineinjury: 4, healthfreedom: 3, 'health freedom': 3,
      'outbreak*': 1, flu: 1,
      'vacun*': 4, sarampion: 4, 'inmuniz*': 3, antivacunas: 4, 'efectos secundarios': 2, colorantes: 2, 'saludable otra vez': 4,
      medicos: 1, brote: 1,
    },
    zh: { 疫苗: 4, 麻疹: 4, 接种: 3, 副作用: 2, 卫生官员: 1, 疫情: 1 },
  },
  TARIFF: {
    words: {
      'tariff*': 4, 'trade war': 4, tradewar: 4, 'trade talks': 3, duties: 2, 'import duties': 4, 'import tax*': 4, levy: 2,
      'retaliat*': 2, 'import*': 2, 'export*': 2, protectionism: 3, customs: 2, countermeasures: 2, buyamerican: 2,
      'buy american': 2, ports: 1, 'container volumes': 2, steel: 1, 'soybean*': 1, trade: 1,
      'arancel*': 4, 'guerra comercial': 4, 'importacion*': 2, 'exportacion*': 2, exportadores: 2, comercial: 1,
    },
    zh: { 关税: 4, 贸易战: 4, 贸易: 2, 进口: 2, 出口: 2, 进口税: 4, 集装箱: 1, 港口: 1 },
  },
};
