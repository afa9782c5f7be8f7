/**
 * A compact Spanish valence lexicon (VADER's -4..+4 scale), hand-built from frequent social-media vocabulary:
 * lemmas with their common inflections (gender, number, a few verb forms). No Spanish evaluation set ships with
 * the project, so its quality is unmeasured; see the README.
 */
const ENTRIES: Record<string, number> = {
  // positive
  bueno: 1.9, buena: 1.9, buenos: 1.9, buenas: 1.9, bien: 1.6, mejor: 1.9, mejores: 1.9, excelente: 3, excelentes: 3,
  genial: 2.8, geniales: 2.8, increíble: 2.6, increíbles: 2.6, maravilloso: 2.9, maravillosa: 2.9, fantástico: 2.9,
  fantástica: 2.9, perfecto: 2.7, perfecta: 2.7, feliz: 2.7, felices: 2.7, felicidad: 2.8, alegría: 2.7, alegre: 2.3,
  contento: 2.2, contenta: 2.2, amor: 2.8, amo: 2.6, amamos: 2.6, encanta: 2.6, encantan: 2.6, encantó: 2.6, gusta: 1.8,
  gustan: 1.8, gustó: 1.8, hermoso: 2.6, hermosa: 2.6, bonito: 2.1, bonita: 2.1, lindo: 2.2, linda: 2.2, precioso: 2.6,
  preciosa: 2.6, gracias: 1.8, agradecido: 2.1, agradecida: 2.1, éxito: 2.4, éxitos: 2.4, ganar: 1.8, ganamos: 2.2,
  ganó: 1.8, victoria: 2.3, orgullo: 2.1, orgulloso: 2.2, orgullosa: 2.2, esperanza: 1.9, paz: 2, apoyo: 1.6, apoyar: 1.5,
  divertido: 2.1, divertida: 2.1, diversión: 2.1, risa: 1.8, jaja: 1.7, jajaja: 1.9, jajajaja: 1.9, bravo: 2.2, enhorabuena: 2.6,
  felicidades: 2.7, felicitaciones: 2.6, disfrutar: 2.1, disfruta: 2.1, disfruten: 2.1, fuerte: 1.1, justicia: 1.5,
  libre: 1.4, libertad: 1.9, seguro: 1.2, segura: 1.2, favorito: 1.9, favorita: 1.9, brillante: 2.4, guapo: 2, guapa: 2,
  chido: 2, chévere: 2.1, bacán: 2, mola: 2, crack: 1.6, top: 1.6, recomiendo: 1.8, fabuloso: 2.7, estupendo: 2.6,
  ilusión: 2, emocionado: 2, emocionada: 2, beso: 1.9, besos: 1.9, abrazo: 1.8, abrazos: 1.8, bendición: 2, bendecido: 2,
  // negative
  malo: -2.2, mala: -2.2, malos: -2.2, malas: -2.2, mal: -1.9, peor: -2.4, peores: -2.4, terrible: -2.9, terribles: -2.9,
  horrible: -3, horribles: -3, pésimo: -3, pésima: -3, triste: -2.1, tristes: -2.1, tristeza: -2.3, odio: -3, odian: -3,
  odiamos: -3, asco: -2.6, asqueroso: -2.8, asquerosa: -2.8, miedo: -2.1, muerte: -2.5, muerto: -2.4, muertos: -2.4,
  muerta: -2.4, matar: -2.9, mataron: -2.9, asesino: -3, asesinos: -3, asesinato: -3, violencia: -2.8, guerra: -2.6,
  ataque: -2.3, crisis: -2, problema: -1.7, problemas: -1.7, culpa: -1.8, corrupto: -2.8, corruptos: -2.8, corrupción: -2.8,
  mentira: -2.2, mentiras: -2.2, mentiroso: -2.5, mentirosos: -2.5, robo: -2.4, robar: -2.4, ladrón: -2.6, ladrones: -2.6,
  fraude: -2.7, vergüenza: -2.2, ridículo: -2, ridícula: -2, estúpido: -2.4, estúpida: -2.4, idiota: -2.5, idiotas: -2.5,
  imbécil: -2.8, basura: -2.5, mierda: -2.8, enojado: -2.2, enojada: -2.2, enfadado: -2.2, enfadada: -2.2, rabia: -2.4,
  furioso: -2.6, dolor: -2.1, sufrir: -2.2, sufrimiento: -2.4, llorar: -1.9, lloro: -1.9, preocupado: -1.7, preocupada: -1.7,
  peligro: -2.1, peligroso: -2.1, fracaso: -2.4, perder: -1.6, perdimos: -2, perdió: -1.6, derrota: -2.2, injusto: -2.2,
  injusticia: -2.5, desastre: -2.7, vergonzoso: -2.4, decepción: -2.3, decepcionado: -2.3, decepcionada: -2.3, cansado: -1.3,
  cansada: -1.3, harto: -2, harta: -2, aburrido: -1.6, aburrida: -1.6, feo: -1.9, fea: -1.9, amenaza: -2.3, amenazas: -2.3,
  golpe: -2, traición: -2.7, traidor: -2.7, traidores: -2.7, crimen: -2.6, criminal: -2.6, criminales: -2.6, lamentable: -2.2,
  grave: -1.8, caos: -2.2, hambre: -1.8, pobreza: -2, muere: -2.5, murió: -2.4, tragedia: -2.8, sos: -1.2,
};

export const SPANISH_LEXICON: ReadonlyMap<string, number> = new Map(Object.entries(ENTRIES));
export const SPANISH_NEGATORS: ReadonlySet<string> = new Set(['no', 'nunca', 'jamás', 'ni', 'nada', 'nadie', 'tampoco', 'sin', 'ningún', 'ninguna']);
export const SPANISH_BOOSTERS: ReadonlyMap<string, number> = new Map(Object.entries({
  muy: 0.293, tan: 0.293, súper: 0.293, super: 0.293, demasiado: 0.293, bastante: 0.2, realmente: 0.293, totalmente: 0.293,
  increíblemente: 0.293, poco: -0.293, algo: -0.15, apenas: -0.293,
}));
