/**
 * What the demo corpus talks about: the nine Topic Radar themes (spec part 2 section 2, in its order) and
 * unrelated chatter, each with templates in English, Spanish and Chinese. `{slot}` is filled from the narrative's
 * slots, then from the shared ones. Every name here is invented.
 */

export type Language = 'en' | 'es' | 'zh';

export interface Narrative {
  /** Ground-truth label: the theme name for Topic Radar themes, `chatter.<topic>` otherwise. */
  id: string;
  theme: string | null;
  label: string;
  /** Relative volume among narratives. */
  weight: number;
  templates: Record<Language, readonly string[]>;
  hashtags: readonly string[];
  /** Domains its links point to (registrable domains plus a path is generated). */
  domains: readonly string[];
  slots: Readonly<Record<string, readonly string[]>>;
  /** Subreddit / board / channel names where it is discussed. */
  communities: readonly string[];
}

export const THEMES = ['DEI', 'BOYCOTT', 'UNION', 'ELECTION_DENIAL', 'FINANCE', 'SHORTSELLING', 'QANON', 'MAHA_AND_VACCINE', 'TARIFF'] as const;

export const SHARED_SLOTS: Readonly<Record<string, readonly string[]>> = {
  place: ['Ohio', 'Texas', 'Arizona', 'Michigan', 'Georgia', 'Florida', 'Nevada', 'Pennsylvania', 'Wisconsin', 'Oregon', 'Chicago', 'Phoenix', 'Atlanta', 'Denver', 'Miami', 'Seattle', 'Boston', 'Houston'],
  lugar: ['Madrid', 'Ciudad de México', 'Bogotá', 'Buenos Aires', 'Lima', 'Santiago', 'Sevilla', 'Monterrey', 'Quito', 'Valencia'],
  didian: ['上海', '北京', '深圳', '广州', '杭州', '成都', '武汉', '南京'],
  num: ['3', '7', '12', '15', '20', '25', '40', '60', '100', '250', '1,000', '10,000'],
  pct: ['2%', '5%', '8%', '10%', '12%', '18%', '25%', '30%', '45%'],
  day: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'tonight', 'this morning', 'yesterday'],
  dia: ['el lunes', 'el martes', 'el miércoles', 'el jueves', 'el viernes', 'hoy', 'ayer', 'esta noche'],
  emoji: ['🔥', '👀', '😡', '🙏', '💯', '🚨', '😂', '👏', '🤔', '📢', '🇺🇸', '❤️'],
};

const N = (
  id: string, theme: string | null, label: string, weight: number, templates: Narrative['templates'],
  hashtags: string[], domains: string[], slots: Narrative['slots'], communities: string[],
): Narrative => ({ id, theme, label, weight, templates, hashtags, domains, slots, communities });

export const THEME_NARRATIVES: readonly Narrative[] = [
  N('DEI', 'DEI', 'DEI', 1.0, {
    en: [
      '{org} just quietly ended its diversity hiring program. Employees say they found out from a leaked memo.',
      'Why is {org} still spending millions on DEI trainings while laying off {num} workers in {place}?',
      'The new {org} policy scraps diversity, equity and inclusion targets for every department.',
      'Universities in {place} are renaming their DEI offices instead of closing them, according to {source}.',
      'Merit over quotas. {org} finally admits its inclusion program hurt morale.',
      'Workers at {org} are worried the rollback of DEI commitments means fewer protections for minorities.',
      'A court in {place} will hear the lawsuit against {org} over its diversity fellowship on {day}.',
      'Shareholders asked {org} to publish its workforce diversity numbers and the board said no.',
      'DEI officers at {num} companies were let go this quarter, a survey by {source} shows.',
      'Inclusion is not a buzzword, it is how {org} built its best teams. Rolling it back is a mistake.',
      'The governor of {place} signed a bill banning DEI statements in state university hiring.',
      '{org} says it remains committed to an inclusive workplace even after dropping its equity pledge.',
    ],
    es: [
      '{org} eliminó su programa de diversidad e inclusión y los empleados se enteraron por un memo filtrado.',
      'Las universidades de {lugar} cambian el nombre de sus oficinas de diversidad, equidad e inclusión.',
      '¿Por qué {org} gasta millones en talleres de inclusión mientras despide a {num} trabajadores?',
      'La diversidad en el trabajo no es una moda: retroceder en inclusión es un error de {org}.',
      'Un tribunal revisará {dia} la demanda contra {org} por su programa de becas de diversidad.',
    ],
    zh: [
      '{org}悄悄取消了多元化招聘计划，员工是从泄露的备忘录中得知的。',
      '多家公司削减多元、平等与包容（DEI）项目，{didian}的员工表示担忧。',
      '大学正在把多元化办公室改名，而不是关闭它们。',
      '{org}表示即使放弃平等承诺，也会继续保持包容的工作环境。',
    ],
  }, ['#DEI', '#Diversity', '#Inclusion', '#EndDEI', '#MeritNotQuotas', '#DiversidadEInclusión', '#多元化'],
  ['workplaceledger.com', 'campusdispatch.org', 'equitywatch.net', 'meritfirst-news.com'],
  { org: ['Norvex', 'Halden Foods', 'Brightline Retail', 'Corvana Bank', 'Pinecrest Media', 'Arcwell Motors', 'Lumio Tech'], source: ['Workplace Ledger', 'Campus Dispatch', 'a new Equity Watch report'] },
  ['r/workplace', 'r/HumanResources', 'business', 'dei_news']),

  N('BOYCOTT', 'BOYCOTT', 'BOYCOTT', 1.1, {
    en: [
      'Boycott {brand}! They just pulled their ads after the backlash and they deserve every lost sale.',
      'I am done with {brand}. Cancelled my membership today and I am telling everyone I know.',
      'Sales at {brand} dropped {pct} since the boycott started, analysts at {source} say.',
      'The {brand} boycott is working. Empty stores in {place} this weekend.',
      'Do not buy {brand} until they apologize. Share this everywhere.',
      '{brand} stock slid again as the consumer boycott enters week {num}.',
      'People calling for a {brand} boycott should look at who actually makes their products.',
      'Switched from {brand} to a local shop. Better prices anyway.',
      'The CEO of {brand} says the boycott is based on misinformation.',
      'Week {num} of the {brand} boycott: what started online is now hurting franchise owners in {place}.',
    ],
    es: [
      '¡Boicot a {brand}! Cancelé mi membresía hoy y se lo diré a todos.',
      'Las ventas de {brand} cayeron {pct} desde que empezó el boicot, según {source}.',
      'No compres en {brand} hasta que pidan disculpas. Comparte esto.',
      'El boicot contra {brand} ya afecta a los pequeños franquiciados en {lugar}.',
    ],
    zh: [
      '抵制{brand}！他们在舆论压力下撤下了广告，我今天取消了会员。',
      '自从抵制开始以来，{brand}的销量下降了{pct}。',
      '在他们道歉之前不要买{brand}的产品，请转发。',
    ],
  }, ['#Boycott', '#BoycottNow', '#DontBuy', '#Boicot', '#抵制'],
  ['consumerwire.com', 'retaildaily.net', 'boycottlist.org'],
  { brand: ['Brightline Retail', 'Sunmart', 'Koffa Coffee', 'Velto Beer', 'Trailhead Outfitters', 'Nimbus Air'], source: ['Retail Daily', 'Consumer Wire', 'market analysts'] },
  ['r/BoycottNow', 'r/consumer', 'shopping', 'boycott_alerts']),

  N('UNION', 'UNION', 'Labor', 0.9, {
    en: [
      'Workers at the {company} warehouse in {place} voted to unionize, {num} to {num2}.',
      'Solidarity with the {company} strikers. No contract, no work!',
      'The union says {company} refused to bargain over heat protections again.',
      '{company} hired consultants to fight the union drive in {place}, internal documents show.',
      'Strike vote at {company} passes with {pct} support. Picket lines start {day}.',
      'Union dues are a scam, my paycheck was better before the vote at {company}.',
      'Nurses in {place} walk out over staffing ratios; the hospital calls it reckless.',
      'Labor board orders {company} to reinstate {num} workers fired during the organizing campaign.',
      'Teachers union in {place} reaches a tentative deal after a {num}-day strike.',
      'If {company} can pay executives bonuses it can pay drivers a living wage. #UnionStrong',
    ],
    es: [
      'Los trabajadores de {company} en {lugar} votaron por sindicalizarse.',
      '¡Solidaridad con la huelga en {company}! Sin contrato no hay trabajo.',
      'El sindicato dice que {company} se niega a negociar otra vez.',
      'Huelga de enfermeras en {lugar} por la falta de personal.',
    ],
    zh: [
      '{company}仓库的工人投票决定成立工会。',
      '声援{company}罢工工人：没有合同就不上班！',
      '{didian}的护士因人手不足而罢工。',
    ],
  }, ['#UnionStrong', '#Solidarity', '#Strike', '#1u', '#Huelga', '#罢工'],
  ['laborreport.org', 'workersvoice.net', 'shopfloornews.com'],
  { company: ['Parcelo', 'Arcwell Motors', 'Sunmart', 'Halden Foods', 'Metroline Transit', 'Quickcart'], num2: ['12', '40', '85', '140'] },
  ['r/union', 'r/antiwork', 'labor', 'strike_updates']),

  N('ELECTION_DENIAL', 'ELECTION_DENIAL', 'Election Denial', 1.2, {
    en: [
      'The election in {place} was stolen. {num} thousand ballots appeared overnight and nobody can explain it.',
      'Audit every machine in {place}! The counts changed after midnight.',
      'Officials in {place} confirmed the results after the recount found no fraud.',
      'Dead people voted in {place}, a whistleblower says. Why is no one investigating?',
      'The certification vote in {place} is {day}. Call your representatives and demand they refuse to certify.',
      'Fact check: the viral video of ballots being dumped in {place} shows a routine training exercise.',
      'We will never accept these rigged results. The voting machines were connected to the internet.',
      'County clerks in {place} receive harassment after false fraud claims spread online.',
      'The secretary of state in {place} calls claims of a stolen election baseless.',
      'Poll workers in {place} were caught on camera. The truth about the election is coming out.',
      'Another lawsuit claiming fraud in {place} was dismissed for lack of evidence.',
    ],
    es: [
      'Las elecciones en {lugar} fueron robadas: aparecieron miles de votos en la madrugada.',
      'Exigimos una auditoría de todas las máquinas de votación.',
      'Las autoridades confirmaron los resultados tras un recuento sin fraude.',
      'Los trabajadores electorales reciben amenazas tras las falsas denuncias de fraude.',
    ],
    zh: [
      '有人声称选举被操纵，但重新计票没有发现舞弊。',
      '要求对每一台投票机进行审计！',
      '选举官员因虚假舞弊说法而受到骚扰。',
    ],
  }, ['#StopTheSteal', '#ElectionFraud', '#AuditTheVote', '#Rigged', '#FraudeElectoral', '#选举'],
  ['ballotwatch.net', 'truthvote-news.com', 'electiondesk.org', 'patriotledger.net'],
  {},
  ['r/politics', 'r/elections', 'pol', 'election_integrity']),

  N('FINANCE', 'FINANCE', 'FINANCE', 1.0, {
    en: [
      'Mortgage rates climbed to {pct} this week, the highest since {year}.',
      'The central bank held rates steady; markets rallied {pct} into the close.',
      'Regional banks in {place} tighten lending after deposits fell {pct}.',
      'Inflation cooled to {pct} last month but rent is still eating my paycheck.',
      '{bank} reported quarterly profit up {pct} on higher interest income.',
      'Is a recession coming? Bond yields just inverted again.',
      'Credit card debt hit a record, and {bank} is raising minimum payments.',
      'My savings account at {bank} pays almost nothing while loans cost {pct}. Explain that.',
      'Gold is up {pct} this year as investors look for safety.',
      'The housing market in {place} is finally cooling, agents say.',
    ],
    es: [
      'Las tasas hipotecarias subieron a {pct} esta semana.',
      'El banco central mantuvo las tasas y la bolsa subió {pct}.',
      'La inflación bajó al {pct} pero el alquiler sigue subiendo.',
      'Los bancos regionales endurecen los préstamos.',
    ],
    zh: [
      '本周房贷利率升至{pct}，为多年来最高。',
      '央行维持利率不变，股市收涨{pct}。',
      '通胀降至{pct}，但房租依然很高。',
    ],
  }, ['#Finance', '#Inflation', '#Markets', '#InterestRates', '#Economía', '#财经'],
  ['marketledger.com', 'ratewatch.net', 'moneydesk-news.com'],
  { bank: ['Corvana Bank', 'First Meridian', 'Harbor Trust', 'Keystone Credit'], year: ['2007', '2008', '2001', '2000'] },
  ['r/finance', 'r/personalfinance', 'biz', 'markets_daily']),

  N('SHORTSELLING', 'SHORTSELLING', 'Short Selling', 0.7, {
    en: [
      'Hedge funds are shorting ${ticker} into the ground. Short interest is {pct} of the float.',
      'A short seller report accuses {company} of inflating revenue; ${ticker} fell {pct}.',
      'Retail traders are squeezing the shorts on ${ticker} again. Hold the line!',
      'Naked short selling is destroying ${ticker} and regulators do nothing.',
      '{fund} disclosed a new short position in ${ticker} after weak guidance.',
      'Short squeeze incoming? ${ticker} borrow fee just hit {pct}.',
      '{company} calls the short seller report false and misleading and plans to sue.',
      'The SEC is looking at coordinated short attacks on small caps like ${ticker}.',
      'Diamond hands on ${ticker}. The shorts have to cover eventually.',
    ],
    es: [
      'Los fondos están vendiendo en corto ${ticker}; el interés en corto es {pct}.',
      'Un informe de vendedores en corto acusa a {company} de inflar ingresos.',
      '¡Apretón a los cortos en ${ticker}! Aguanten.',
    ],
    zh: [
      '对冲基金正在做空{company}的股票，空头比例达到{pct}。',
      '做空报告指控{company}虚增收入，股价下跌{pct}。',
      '散户正在逼空，坚持住！',
    ],
  }, ['#ShortSqueeze', '#ShortSelling', '#HoldTheLine', '#VentaEnCorto', '#做空'],
  ['squeezereport.com', 'shortwatch.net', 'tickertape-news.com'],
  { ticker: ['NVEX', 'HLDN', 'ARCW', 'LUMI', 'PCRM', 'QKCT'], company: ['Norvex', 'Halden Foods', 'Arcwell Motors', 'Lumio Tech', 'Quickcart'], fund: ['Grayfield Capital', 'Ostrander Partners', 'Blue Heron Fund'] },
  ['r/wallstreetbets', 'r/stocks', 'biz', 'squeeze_watch']),

  N('QANON', 'QANON', 'QAnon', 0.8, {
    en: [
      'Q said this would happen. The storm is coming and the plan is in motion.',
      'Trust the plan. The drops predicted the arrests in {place} months ago.',
      'The cabal controls the media, wake up! Research the symbols yourself.',
      'Another Q drop decoded: {num} days until the great awakening.',
      'Former QAnon followers describe how they got out, in a new report by {source}.',
      'WWG1WGA. The patriots are in control, nothing can stop what is coming.',
      'Researchers say QAnon slogans are spreading again on smaller platforms.',
      'Do your own research on who visited the island. The evidence is everywhere.',
      'The military is about to take over and the deep state knows it. Watch {day}.',
    ],
    es: [
      'Q dijo que esto pasaría. Se acerca la tormenta.',
      'Confía en el plan: el gran despertar está cerca.',
      'Investigadores dicen que los mensajes de QAnon se difunden otra vez.',
    ],
    zh: [
      'Q说过这会发生，风暴即将来临。',
      '研究人员说QAnon口号再次在小平台上传播。',
      '相信计划，大觉醒就要来了。',
    ],
  }, ['#WWG1WGA', '#QAnon', '#TheStorm', '#TrustThePlan', '#GreatAwakening'],
  ['qdrops-decoded.net', 'awakening-now.com', 'truthseekers.org'],
  { source: ['Disinfo Monitor', 'a university research team', 'Extremism Watch'] },
  ['qresearch', 'r/conspiracy', 'greatawakening', 'truth_channel']),

  N('MAHA_AND_VACCINE', 'MAHA_AND_VACCINE', 'MAHA & Vaccine', 1.0, {
    en: [
      'Make America Healthy Again starts with getting seed oils and dyes out of school lunches.',
      'The new vaccine schedule adds {num} shots for toddlers. Parents deserve real safety data.',
      'Measles cases in {place} climb to {num} as vaccination rates drop.',
      'Doctors in {place} urge parents to keep kids up to date on vaccines before school starts.',
      'Vaccine injuries are being covered up. My cousin has not been the same since the booster.',
      'MAHA report blames ultra-processed food for the chronic disease epidemic.',
      'Health officials say the claim linking vaccines to autism has been studied and rejected many times.',
      'Raw milk sales jump in {place} after the MAHA rally. Health officials warn of outbreaks.',
      'Why are pharma companies immune from lawsuits over vaccine side effects?',
      'The FDA panel will review the {vaccine} vaccine data on {day}.',
    ],
    es: [
      'Los casos de sarampión en {lugar} suben a {num} mientras cae la vacunación.',
      'Los médicos piden mantener al día las vacunas de los niños.',
      'Las vacunas tienen efectos secundarios que nadie investiga.',
      'Hagamos a América saludable otra vez: fuera los colorantes de los almuerzos escolares.',
    ],
    zh: [
      '{didian}的麻疹病例随着疫苗接种率下降而上升。',
      '医生呼吁家长按时给孩子接种疫苗。',
      '有人声称疫苗副作用被掩盖，但卫生官员予以否认。',
    ],
  }, ['#MAHA', '#VaccineInjury', '#Vaccines', '#Measles', '#HealthFreedom', '#Vacunas', '#疫苗'],
  ['healthfreedomwire.com', 'pediatricsnews.org', 'cleanplate-report.net', 'vaxfacts.org'],
  { vaccine: ['RSV', 'flu', 'measles', 'COVID-19', 'HPV'] },
  ['r/health', 'r/medicine', 'health_freedom', 'vaccine_talk']),

  N('TARIFF', 'TARIFF', 'TARIFF', 1.3, {
    en: [
      'New tariffs of {pct} on imported {good} take effect {day}. Prices will go up.',
      'Farmers in {place} say retaliatory tariffs are crushing {good} exports.',
      'Tariffs are bringing factories back. {company} is opening a plant in {place}.',
      'The tariff on {good} is a tax on American families, economists at {source} say.',
      'Ports in {place} report container volumes down {pct} since the tariffs started.',
      'Trade talks resume {day} as both sides threaten more tariffs.',
      'My small business imports {good}. The new tariff means I raise prices or lay off {num} people.',
      '{company} warns of higher prices because of tariffs on {good}.',
      'Supporters say the tariffs protect jobs in {place} steel towns.',
      'Retaliation: new duties of {pct} on American {good} announced this morning.',
    ],
    es: [
      'Los nuevos aranceles del {pct} a {bien} entran en vigor {dia}.',
      'Los agricultores dicen que los aranceles están destruyendo las exportaciones.',
      'Los aranceles son un impuesto para las familias, dicen economistas.',
      'México responde con aranceles del {pct} a productos estadounidenses.',
    ],
    zh: [
      '对进口{huowu}加征{pct}的关税将于下周生效，价格会上涨。',
      '{didian}的港口报告集装箱吞吐量因关税下降了{pct}。',
      '贸易谈判重启，双方都威胁加征更多关税。',
      '关税让小企业主压力很大。',
    ],
  }, ['#Tariffs', '#TradeWar', '#Tariff', '#BuyAmerican', '#Aranceles', '#关税'],
  ['tradewire.com', 'portsdaily.net', 'farmledger.org', 'supplychain-news.com'],
  { good: ['steel', 'aluminum', 'soybeans', 'electronics', 'auto parts', 'lumber', 'solar panels'], bien: ['acero', 'aluminio', 'aguacates', 'autos'], huowu: ['钢铁', '电子产品', '大豆', '汽车零件'], company: ['Arcwell Motors', 'Lumio Tech', 'Sunmart'], source: ['Trade Wire', 'a university think tank', 'the chamber of commerce'] },
  ['r/economics', 'r/farming', 'trade_talk', 'tariff_news']),
];

export const CHATTER_NARRATIVES: readonly Narrative[] = [
  // Crime and accident news: only the violence templates below produce it (weight 0: never drawn as chatter).
  N('chatter.crime_news', null, 'Crime and accident news', 0, {
    en: ['Police in {place} are asking witnesses to come forward after the incident {day}.'],
    es: ['La policía de {lugar} busca testigos del incidente.'],
    zh: ['{didian}警方正在寻找目击者。'],
  }, ['#BreakingNews'], ['localnews-desk.com', 'metrocourier-news.com'], {}, ['r/news', 'news', 'local_news']),
  N('chatter.sports', null, 'Sports', 1.4, {
    en: ['What a game last night! {team} came back from {num} down.', '{team} need a new coach, this season is a disaster.', 'Anyone watching {team} play {day}?', 'Season tickets for {team} went up again. Worth it though.', 'That referee cost {team} the match, no doubt.'],
    es: ['¡Qué partido anoche! {team} remontó.', '{team} necesita un nuevo entrenador.', '¿Alguien ve el partido de {team} {dia}?'],
    zh: ['昨晚的比赛太精彩了！', '这个赛季真是糟糕透了。', '有人看今晚的比赛吗？'],
  }, ['#GameDay', '#Sports', '#Fútbol', '#足球'], ['sportsdesk.com', 'scoreline.net'], { team: ['the Hawks', 'the Rangers', 'the Comets', 'the Tigers', 'Real Sporting', 'the Pilots'] }, ['r/sports', 'sp', 'sports_talk']),
  N('chatter.food', null, 'Food', 1.1, {
    en: ['Made {dish} for dinner and it turned out amazing.', 'Best {dish} in {place}? Taking recommendations.', 'Trying a new {dish} recipe {day}, wish me luck.', 'Nothing beats homemade {dish} on a cold day.'],
    es: ['Hice {plato} para la cena y quedó buenísimo.', '¿Dónde está el mejor {plato} de {lugar}?'],
    zh: ['今天晚饭做了饺子，味道很好。', '有人推荐{didian}好吃的火锅吗？'],
  }, ['#Foodie', '#Recipe', '#Comida', '#美食'], ['recipebox.com', 'kitchenjournal.net'], { dish: ['lasagna', 'ramen', 'tacos', 'banana bread', 'chili', 'curry'], plato: ['paella', 'tacos', 'arepas', 'empanadas'] }, ['r/food', 'r/cooking', 'ck', 'foodies']),
  N('chatter.weather', null, 'Weather', 0.8, {
    en: ['It is {temp} degrees in {place} and I am melting.', 'Storm warning for {place} {day}, stay safe everyone.', 'Finally some rain in {place}.'],
    es: ['Hace muchísimo calor en {lugar}.', 'Alerta de tormenta en {lugar} {dia}.'],
    zh: ['{didian}今天热死了。', '终于下雨了。'],
  }, ['#Weather', '#Clima', '#天气'], ['weatherdesk.com'], { temp: ['98', '104', '12', '-5', '75'] }, ['r/weather', 'weather_chat']),
  N('chatter.tech', null, 'Technology', 1.0, {
    en: ['My phone update broke the battery again. Thanks {tech}.', 'Is the new {tech} laptop worth the upgrade?', 'Spent all {day} debugging a config file. Love this job.', 'Open source is the only reason my side project works.'],
    es: ['La actualización de {tech} arruinó la batería de mi teléfono.', '¿Vale la pena la nueva laptop de {tech}?'],
    zh: ['手机更新后电池又不行了。', '新的笔记本值得升级吗？'],
  }, ['#Tech', '#Programming', '#Tecnología', '#科技'], ['techcrunchy.net', 'gadgetlog.com', 'devnotes.org'], { tech: ['Lumio', 'Pixelcore', 'Nimbus', 'Orbitex'] }, ['r/technology', 'g', 'tech_talk']),
  N('chatter.music', null, 'Music', 0.9, {
    en: ['Cannot stop listening to the new {band} album.', '{band} tickets sold out in {num} minutes, unreal.', 'Saw {band} live in {place}, best night of the year.'],
    es: ['No paro de escuchar el nuevo disco de {band}.', 'Vi a {band} en vivo en {lugar}.'],
    zh: ['新专辑太好听了，单曲循环中。', '演唱会门票几分钟就卖光了。'],
  }, ['#NowPlaying', '#Music', '#Música', '#音乐'], ['musicweekly.net', 'setlistdaily.com'], { band: ['The Lanterns', 'Neon Harbor', 'Velvet Static', 'Los Faros'] }, ['r/music', 'mu', 'music_chat']),
  N('chatter.pets', null, 'Pets', 0.8, {
    en: ['My dog stole a whole sandwich off the counter {day}.', 'Adopted a cat from the shelter in {place}! Meet {pet}.', '{pet} refuses to walk in the rain.'],
    es: ['Mi perro se robó un sándwich entero.', 'Adoptamos un gato. ¡Se llama {pet}!'],
    zh: ['我家猫今天又打翻了水杯。', '从救助站领养了一只狗。'],
  }, ['#DogsOfTwitter', '#Cats', '#Mascotas', '#猫'], ['petstories.net'], { pet: ['Biscuit', 'Luna', 'Max', 'Pepper', 'Mochi'] }, ['r/aww', 'an', 'pets']),
  N('chatter.travel', null, 'Travel', 0.7, {
    en: ['Flight to {place} delayed {num} hours. Airport pizza it is.', 'Booked a cheap trip to {place} for next month!', 'Best hidden beach near {place}? Asking for a friend.'],
    es: ['Mi vuelo a {lugar} tiene {num} horas de retraso.', 'Reservé un viaje barato a {lugar}.'],
    zh: ['飞往{didian}的航班延误了。', '下个月去旅行！'],
  }, ['#Travel', '#Viajes', '#旅行'], ['tripnotes.com', 'farealert.net'], {}, ['r/travel', 'trv', 'travel_tips']),
  N('chatter.movies', null, 'Movies and TV', 0.8, {
    en: ['The finale of {show} was so disappointing.', 'Just watched {show}, no spoilers but wow.', 'Is {show} worth starting? Everyone keeps talking about it.'],
    es: ['El final de {show} fue decepcionante.', 'Acabo de ver {show}, ¡qué buena!'],
    zh: ['这部剧的结局太让人失望了。', '刚看完电影，太震撼了。'],
  }, ['#Movies', '#TV', '#Cine', '#电影'], ['screenrant-daily.com', 'filmnotes.net'], { show: ['Harbor Lights', 'The Long Night', 'Copper Valley', 'Signal Lost'] }, ['r/movies', 'tv', 'movie_club']),
  N('chatter.gaming', null, 'Gaming', 0.9, {
    en: ['Finally hit diamond rank in {game}!', 'The new {game} patch ruined my favorite build.', 'Who is playing {game} tonight? Need a squad.', 'Queue times in {game} are ridiculous today.'],
    es: ['¡Por fin llegué a diamante en {game}!', '¿Quién juega {game} esta noche?'],
    zh: ['终于上钻石段位了！', '今晚有人一起打游戏吗？'],
  }, ['#Gaming', '#GamerLife', '#Videojuegos', '#游戏'], ['patchnotes.gg', 'gamerwire.net'], { game: ['Skyforge Arena', 'Dust Protocol', 'Crown of Ash', 'Rift Runners'] }, ['r/gaming', 'v', 'gamers']),
];

/** Posts with threats of violence (ground truth: threat) and with violent words that threaten nobody. */
export interface ViolenceTemplate { kind: string; threat: boolean; text: string; language: Language }

export const VIOLENCE: readonly ViolenceTemplate[] = [
  // Threats: a speaker or a call to others, future/imperative/conditional, a violent act, a target.
  { kind: 'explicit', threat: true, language: 'en', text: 'I am going to shoot {target} the next time I see them in {place}.' },
  { kind: 'explicit', threat: true, language: 'en', text: '{target} better watch out, I will find where you live and burn your house down.' },
  { kind: 'explicit', threat: true, language: 'en', text: 'We are coming for {target} with rifles on {day}. This is not a joke.' },
  { kind: 'explicit', threat: true, language: 'en', text: 'I will kill {target} with my bare hands if they show up at the rally.' },
  { kind: 'call_to_violence', threat: true, language: 'en', text: 'Someone needs to hang {target} for treason. Do it before the vote.' },
  { kind: 'call_to_violence', threat: true, language: 'en', text: 'Go to their office and beat {target} until they resign. Time for action.' },
  { kind: 'call_to_violence', threat: true, language: 'en', text: 'Every patriot should bring a gun to {place} {day} and put {target} down.' },
  { kind: 'conditional', threat: true, language: 'en', text: 'If {target} certifies this fraud we will burn the building down with them inside.' },
  { kind: 'conditional', threat: true, language: 'en', text: 'If they close the plant, {target} will get a bullet. Count on it.' },
  { kind: 'explicit', threat: true, language: 'es', text: 'Voy a matar a {target} si vuelve a aparecer por {lugar}.' },
  { kind: 'call_to_violence', threat: true, language: 'es', text: 'Alguien tiene que quemar la casa de {target} esta noche.' },
  { kind: 'explicit', threat: true, language: 'zh', text: '我要去{didian}杀了{target}。' },
  // Not threats: news, games, idioms, negation, reported speech, hypotheticals.
  { kind: 'news', threat: false, language: 'en', text: 'Police say two people were shot near a bar in {place} early {day}; a suspect is in custody.' },
  { kind: 'news', threat: false, language: 'en', text: 'Man sentenced to {num} years for the stabbing of a coworker in {place}.' },
  { kind: 'news', threat: false, language: 'en', text: 'Explosion at a chemical plant in {place} kills {num} workers, officials say.' },
  { kind: 'news', threat: false, language: 'en', text: 'Gunman opened fire at a mall in {place}; police killed the attacker after a standoff.' },
  { kind: 'news', threat: false, language: 'es', text: 'La policía informa de un tiroteo en {lugar}; hay un detenido.' },
  { kind: 'news', threat: false, language: 'zh', text: '{didian}发生枪击事件，警方已逮捕嫌疑人。' },
  { kind: 'gaming', threat: false, language: 'en', text: 'Just killed the final boss in {game}, took me {num} tries.' },
  { kind: 'gaming', threat: false, language: 'en', text: 'Headshot after headshot, we absolutely destroyed them in ranked {game} tonight.' },
  { kind: 'gaming', threat: false, language: 'en', text: 'I am going to murder you in {game} tonight, get ready to lose lol.' },
  { kind: 'gaming', threat: false, language: 'en', text: 'Sniped the whole enemy squad with one grenade in {game}. Carnage.' },
  { kind: 'gaming', threat: false, language: 'es', text: 'Matamos al jefe final de {game} en el primer intento.' },
  { kind: 'idiom', threat: false, language: 'en', text: 'This traffic in {place} is killing me. I could murder a burger right now.' },
  { kind: 'idiom', threat: false, language: 'en', text: 'The comedian absolutely killed it last night, the crowd was dying of laughter.' },
  { kind: 'negated', threat: false, language: 'en', text: 'I would never hurt anyone, even the people I disagree with. Violence is never the answer.' },
  { kind: 'negated', threat: false, language: 'en', text: 'Nobody should threaten or attack election workers. Disagree at the ballot box.' },
  { kind: 'reported', threat: false, language: 'en', text: 'The mayor said protesters threatened to burn down city hall, and police are investigating.' },
  { kind: 'reported', threat: false, language: 'en', text: 'Court documents show the suspect wrote that he wanted to kill his neighbor; he pleaded guilty.' },
  { kind: 'hypothetical', threat: false, language: 'en', text: 'If zombies ever attack {place} I am grabbing a bat and hiding in the mall.' },
];

export const THREAT_TARGETS = ['@{mention}', 'the senator', 'those journalists', 'the county clerk', 'the judge', 'the union boss', 'the CEO', 'every poll worker'];
export const THREAT_TARGETS_ES = ['@{mention}', 'el senador', 'el alcalde', 'la jueza'];
export const THREAT_TARGETS_ZH = ['那个法官', '市长', '那个记者'];

export const FIRST_NAMES = [
  'james', 'mary', 'john', 'linda', 'michael', 'sarah', 'david', 'karen', 'chris', 'lisa', 'daniel', 'nancy', 'matt', 'betty', 'kevin', 'emily',
  'brian', 'amanda', 'jason', 'megan', 'ryan', 'rachel', 'tyler', 'hannah', 'brandon', 'olivia', 'justin', 'chloe', 'aaron', 'grace', 'dylan', 'zoe',
  'carlos', 'maria', 'jose', 'lucia', 'diego', 'sofia', 'javier', 'camila', 'miguel', 'valentina', 'pablo', 'isabel', 'andres', 'paula', 'jorge', 'elena',
  'wei', 'li', 'jing', 'hao', 'xiaoming', 'yan', 'chen', 'ling', 'jun', 'mei', 'tao', 'fang', 'bo', 'ying', 'lei', 'na',
  'omar', 'fatima', 'ivan', 'olga', 'pierre', 'amelie', 'hans', 'greta', 'kenji', 'yuki', 'raj', 'priya', 'kwame', 'ama', 'liam', 'noah',
];
export const LAST_NAMES = [
  'smith', 'johnson', 'williams', 'brown', 'jones', 'miller', 'davis', 'wilson', 'anderson', 'taylor', 'thomas', 'moore', 'martin', 'jackson', 'white', 'harris',
  'clark', 'lewis', 'walker', 'hall', 'young', 'king', 'wright', 'scott', 'green', 'baker', 'adams', 'nelson', 'hill', 'campbell', 'mitchell', 'roberts',
  'garcia', 'rodriguez', 'martinez', 'hernandez', 'lopez', 'gonzalez', 'perez', 'sanchez', 'ramirez', 'torres', 'flores', 'rivera', 'gomez', 'diaz', 'morales', 'ortiz',
  'wang', 'zhang', 'liu', 'yang', 'huang', 'zhao', 'wu', 'zhou', 'xu', 'sun', 'ma', 'zhu', 'hu', 'guo', 'he', 'lin',
  'novak', 'ivanova', 'dubois', 'muller', 'tanaka', 'sato', 'patel', 'singh', 'mensah', 'okafor', 'murphy', 'kelly', 'obrien', 'rossi', 'bianchi', 'silva',
];
export const WORDS = [
  'river', 'maple', 'stone', 'cedar', 'harbor', 'falcon', 'copper', 'meadow', 'north', 'summit', 'ember', 'willow', 'atlas', 'coral', 'prairie', 'thunder',
  'quiet', 'lucky', 'sunny', 'rusty', 'salty', 'cosmic', 'pixel', 'velvet', 'hidden', 'wild', 'golden', 'silver', 'crimson', 'midnight', 'morning', 'urban',
  'coffee', 'taco', 'bagel', 'noodle', 'biscuit', 'pepper', 'mango', 'lemon', 'garden', 'bike', 'guitar', 'piano', 'camera', 'rocket', 'comet', 'island',
  'fox', 'wolf', 'bear', 'otter', 'owl', 'raven', 'tiger', 'panda', 'badger', 'moose', 'heron', 'lynx', 'bison', 'gecko', 'koala', 'shark',
  'dad', 'mom', 'gamer', 'runner', 'chef', 'nurse', 'teacher', 'coder', 'farmer', 'trucker', 'artist', 'writer', 'fan', 'nerd', 'mama', 'papa',
];
export const BIOS = [
  'Dad, runner, coffee addict.', 'Opinions are my own.', 'Nurse. Mom of two. Dog person.', 'Small business owner in {place}.', 'Retired teacher.',
  'Sports, food and bad jokes.', 'Software engineer. Cat person.', 'Veteran. Patriot. Grandpa.', 'Just here for the memes.', 'Journalist covering labor and the economy.',
  'Padre, ingeniero y futbolero.', 'Maestra jubilada en {lugar}.', '热爱生活，喜欢旅行。', '程序员，猫奴。', 'Photographer. Hiker. Tea drinker.', 'Union member since 1998.',
  'Investor. Not financial advice.', 'Mom, gardener, amateur baker.', 'Truth seeker.', 'News junkie.',
];
export const OUTLETS = [
  'Daily Ledger', 'Metro Courier', 'Valley Tribune', 'Harbor Gazette', 'Capitol Report', 'Evening Standard Post', 'Prairie Times', 'Coastal Herald',
  'Liberty Dispatch', 'Frontline Wire', 'Civic Observer', 'El Diario Central', 'La Voz del Pueblo', '新闻快报', '每日财经', 'Northside Blog',
];
