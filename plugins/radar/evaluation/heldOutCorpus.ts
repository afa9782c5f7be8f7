/**
 * The held-out check of the theme classifier: a small corpus written independently of the demo generator's
 * templates and BEFORE the lexicon was tuned on the demo corpus, never used to tune it. Different phrasing and
 * vocabulary on purpose (affirmative action rather than DEI programs, walkouts rather than strikes, dollar-store
 * prices rather than tariffs on steel), in the three languages the demo writes, plus off-theme posts, some of them
 * traps (a bowling strike, a storm forecast, a video game's diamond league, the European Union).
 */
import type { ThemeName } from '../shared/themes';

export interface HeldOutPost { text: string; language: 'en' | 'es' | 'zh'; theme: ThemeName | null }

const theme = (name: ThemeName, language: HeldOutPost['language'], texts: string[]): HeldOutPost[] =>
  texts.map((text) => ({ text, language, theme: name }));
const none = (language: HeldOutPost['language'], texts: string[]): HeldOutPost[] => texts.map((text) => ({ text, language, theme: null }));

export const HELD_OUT_CORPUS: readonly HeldOutPost[] = [
  ...theme('DEI', 'en', [
    'The law school dropped affirmative action in admissions after the ruling.',
    'Our chief diversity officer resigned and the role will not be filled.',
    'Anti-woke investors are pressuring the bank to drop its equity targets.',
    'Underrepresented employees lose their mentoring program as the company retreats from inclusion.',
    'A state audit says the diversity office cost taxpayers millions with little to show.',
    'Colorblind hiring or equal opportunity? The debate over inclusion policies is back.',
  ]),
  ...theme('DEI', 'es', [
    'La empresa recortó sus políticas de inclusión laboral para minorías.',
    'Críticos dicen que las cuotas de diversidad dividen a los empleados.',
  ]),
  ...theme('DEI', 'zh', [
    '这家公司解散了负责多元化的部门。',
    '有人批评包容性培训浪费资源。',
  ]),

  ...theme('BOYCOTT', 'en', [
    'Stop shopping there. Their latest ad campaign insulted half their customers. #Boycott',
    'Millions are refusing to buy the beer brand after the sponsorship deal.',
    'Consumers are taking their money elsewhere; the boycotted chain closed 40 stores.',
    'Cut up my loyalty card today. Never spending another dollar with that company.',
    'Activists urge shoppers to boycott the retailer over its supplier practices.',
    'The brand lost a quarter of its sales after the consumer backlash and boycott calls.',
  ]),
  ...theme('BOYCOTT', 'es', [
    'Llaman a boicotear la cadena de supermercados por sus precios abusivos.',
    'Miles de clientes dejaron de comprar la marca tras la polémica campaña.',
  ]),
  ...theme('BOYCOTT', 'zh', [
    '网友呼吁抵制这个品牌，销量大跌。',
    '消费者拒绝购买该公司的产品以示抗议。',
  ]),

  ...theme('UNION', 'en', [
    'Baristas at the coffee chain filed for a union election this morning.',
    'The dockworkers walkout entered its third day as talks over wages stalled.',
    'Collective bargaining broke down and the autoworkers union authorized a strike.',
    'Management handed out anti-union flyers in the break room, organizers say.',
    'The teamsters ratified a new contract with better pay and pensions.',
    'Picket lines went up outside the hotel as housekeepers demanded fair wages.',
  ]),
  ...theme('UNION', 'es', [
    'Los mineros convocaron un paro indefinido hasta que se firme el convenio colectivo.',
    'El sindicato de docentes anunció movilizaciones por los salarios.',
  ]),
  ...theme('UNION', 'zh', [
    '快递员们组织起来要求集体谈判。',
    '工会宣布如果不加薪将举行罢工。',
  ]),

  ...theme('ELECTION_DENIAL', 'en', [
    'They rigged the count with mail-in ballots, everyone knows the real winner.',
    'Refuse to certify! The county canvass is full of irregularities.',
    'Election officials debunk claims that voting machines flipped votes.',
    'The legislature wants a forensic audit of the presidential election results.',
    'Stolen election myths keep circulating despite dozens of failed lawsuits.',
    'Ballot harvesting stole this race and the courts refuse to look at the evidence.',
  ]),
  ...theme('ELECTION_DENIAL', 'es', [
    'Dicen que hubo fraude en el conteo de votos y piden anular la elección.',
    'El tribunal electoral rechazó las denuncias de fraude en las urnas.',
  ]),
  ...theme('ELECTION_DENIAL', 'zh', [
    '他们坚称选举结果是伪造的，拒绝承认败选。',
    '法院驳回了关于选票舞弊的诉讼。',
  ]),

  ...theme('FINANCE', 'en', [
    'The Fed signaled two more rate cuts and the dollar weakened.',
    'Treasury yields spiked after a hot jobs report.',
    'My 401k lost a fifth of its value this year. The stock market is brutal.',
    'Banks are reporting more loan defaults as consumers fall behind on payments.',
    'Refinancing a mortgage makes no sense at these interest rates.',
    'Quarterly earnings beat expectations and the index hit a record high.',
  ]),
  ...theme('FINANCE', 'es', [
    'El peso se desplomó frente al dólar y la bolsa cerró en rojo.',
    'Sube la tasa de interés y se encarecen los créditos hipotecarios.',
  ]),
  ...theme('FINANCE', 'zh', [
    '人民币汇率下跌，股市大幅波动。',
    '银行下调了存款利率，储户不满。',
  ]),

  ...theme('SHORTSELLING', 'en', [
    'Short interest in the meme stock is over 100 percent of shares outstanding again.',
    'Bears piled into puts and borrowed shares ahead of the earnings call.',
    'The activist short report wiped out a third of the company market value.',
    'Shorts are getting squeezed hard today, the stock is up 80 percent.',
    'Regulators propose new disclosure rules for short positions held by hedge funds.',
    'Apes are not selling. Let the short sellers cover at any price.',
  ]),
  ...theme('SHORTSELLING', 'es', [
    'Los especuladores apuestan a la baja con ventas en corto de las acciones.',
    'Un fondo bajista publicó un informe y la acción se hundió.',
  ]),
  ...theme('SHORTSELLING', 'zh', [
    '做空机构发布报告，该公司股价暴跌。',
    '监管部门限制卖空交易以稳定市场。',
  ]),

  ...theme('QANON', 'en', [
    'Where we go one we go all. The white hats are exposing the cabal.',
    'Q anons believe a secret military tribunal is already underway.',
    'Former Q followers say the movement cost them their families.',
    'The storm is upon us. Pain is coming for the deep state elites.',
    'Researchers track how Q drop slogans migrate into wellness groups.',
    'Adrenochrome and pizza codes again? The QAnon rabbit hole keeps going.',
  ]),
  ...theme('QANON', 'es', [
    'Seguidores de QAnon aseguran que la cábala será arrestada pronto.',
    'Los creyentes de Q esperan el gran despertar de los patriotas.',
  ]),
  ...theme('QANON', 'zh', [
    'QAnon信徒相信有一个秘密集团控制着世界。',
    '匿名者Q的阴谋论在网上再次流行。',
  ]),

  ...theme('MAHA_AND_VACCINE', 'en', [
    'Anti-vax parents are skipping the MMR shot and measles is back.',
    'The health secretary wants to ban food dyes and review the childhood immunization schedule.',
    'Pediatricians warn that whooping cough outbreaks follow falling vaccination rates.',
    'My doctor pushed the flu jab but I read about adverse reactions.',
    'Make America Healthy Again rally calls for an end to fluoride in tap water.',
    'The mRNA shot data shows myocarditis risk in young men, critics claim.',
  ]),
  ...theme('MAHA_AND_VACCINE', 'es', [
    'Padres antivacunas rechazan la inmunización obligatoria en las escuelas.',
    'Brote de sarampión en la región por la baja cobertura de vacunación.',
  ]),
  ...theme('MAHA_AND_VACCINE', 'zh', [
    '一些家长拒绝给孩子打疫苗，担心副作用。',
    '专家警告疫苗接种率下降会导致疫情反弹。',
  ]),

  ...theme('TARIFF', 'en', [
    'Import duties on Chinese electronics mean my laptop costs 30 percent more.',
    'The trade war hit soybean growers hardest, with exports to Asia collapsing.',
    'A 25 percent levy on foreign cars will protect Detroit, supporters say.',
    'Canada retaliated with countermeasures on American whiskey and steel.',
    'Customs brokers are swamped as new tariff schedules kick in at midnight.',
    'Protectionism is back and shoppers will pay for every new import tax.',
  ]),
  ...theme('TARIFF', 'es', [
    'El gobierno impuso nuevos aranceles a las importaciones de autos chinos.',
    'La guerra comercial golpea a los exportadores de aguacate.',
  ]),
  ...theme('TARIFF', 'zh', [
    '美国对中国商品加征关税，贸易战升级。',
    '出口商担心新的进口税会影响订单。',
  ]),

  ...none('en', [
    'Bowled a strike in the last frame and won the league night!',
    'Storm forecast for the weekend, bring an umbrella to the game.',
    'Finally made it to the diamond league in my racing game.',
    'The European Union summit ended with a photo op and no deal on fishing quotas.',
    'Our bakery is testing a new sourdough recipe this week.',
    'The marathon route closes several downtown streets on Sunday.',
    'New phone camera takes amazing night shots.',
    'Watched the documentary about deep sea creatures, fascinating.',
    'The school play was adorable, proud of my kid.',
    'Anyone know a good plumber in the east side?',
    'Traffic on the bridge is backed up for miles again.',
    'Trying to learn guitar at 40, my fingers hurt.',
  ]),
  ...none('es', [
    'El partido de fútbol terminó empatado en el último minuto.',
    'Hoy preparé una tortilla de patatas para toda la familia.',
    'Se viene una tormenta fuerte esta tarde, cuidado en la carretera.',
    'Mi gato durmió todo el día en el sofá.',
  ]),
  ...none('zh', [
    '周末去公园散步，天气很好。',
    '这家餐厅的面条非常好吃。',
    '新出的手机拍照效果不错。',
    '孩子今天学会了骑自行车。',
  ]),
];
